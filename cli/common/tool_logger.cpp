#include "cli/common/tool_logger.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <memory>

namespace anim::cli {

bool NoColorRequested() {
  const char* value = std::getenv("NO_COLOR");
  return value != nullptr && value[0] != '\0';
}

void InstallToolLogger(const char* tool) {
  // automatic: colour only on a terminal.
  auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_st>(
      NoColorRequested() ? spdlog::color_mode::never : spdlog::color_mode::automatic);
  auto logger = std::make_shared<spdlog::logger>(tool, std::move(sink));
  logger->set_pattern("%n: %^%l%$: %v");
  spdlog::set_default_logger(std::move(logger));
}

}  // namespace anim::cli
