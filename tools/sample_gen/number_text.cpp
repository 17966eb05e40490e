#include "tools/sample_gen/number_text.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace anim::sample_gen {

std::string FormatNumber(double value) {
  if (!std::isfinite(value)) throw std::logic_error("sample generator produced a non-finite number");
  if (std::fabs(value) < 5e-7) return "0";
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

}  // namespace anim::sample_gen
