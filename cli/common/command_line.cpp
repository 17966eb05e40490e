#include "cli/common/command_line.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string_view>
#include <vector>

#include "compiler/diag/suggest.h"

namespace anim::cli {
namespace {

// Every spelling of every option of `app` and of its subcommands (chosen ones only, unless
// `all_subcommands`): "-o", "--output".
std::vector<std::string> OptionNames(const CLI::App& app, bool all_subcommands) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames())
      names.push_back("--" + name);
    for (const std::string& name : option->get_snames())
      names.push_back("-" + name);
  }
  const std::function<bool(const CLI::App*)> which = [&](const CLI::App* sub) {
    return all_subcommands || sub->parsed();
  };
  for (const CLI::App* sub : app.get_subcommands(which)) {
    for (std::string& name : OptionNames(*sub, all_subcommands))
      names.push_back(std::move(name));
  }
  return names;
}

// "unknown option 'NAME'", with the closest of `names` when one is close.
std::string UnknownOption(const std::string& name, const std::vector<std::string>& names) {
  const std::vector<std::string_view> candidates(names.begin(), names.end());
  const std::optional<std::string> close = SuggestClosest(name, candidates);
  return "unknown option '" + name + "'" + (close ? " (did you mean '" + *close + "'?)" : " (see --help)");
}

// The first long option of `argv` that no option of `app` or of its subcommands is named: CLI11
// reports a missing required option before an unknown one, which hides the typo that caused it.
std::optional<std::string> MisspeltOption(const CLI::App& app, int argc, char** argv) {
  const std::vector<std::string> names = OptionNames(app, true);
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") break;
    if (arg.size() < 3 || arg.rfind("--", 0) != 0) continue;
    const std::string name = arg.substr(0, arg.find('='));
    if (std::find(names.begin(), names.end(), name) == names.end()) return UnknownOption(name, names);
  }
  return std::nullopt;
}

// The option of `app` (or a chosen subcommand) named `name` as CLI11 names it in messages.
const CLI::Option* FindOption(const CLI::App& app, const std::string& name) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_name() == name || option->check_name(name)) return option;
  }
  for (const CLI::App* sub : app.get_subcommands()) {
    if (const CLI::Option* option = FindOption(*sub, name)) return option;
  }
  return nullptr;
}

// What a value of `option` must be, in words.
std::string Expected(const CLI::Option* option) {
  const std::string type = option == nullptr ? std::string() : option->get_type_name();
  if (type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0) return "a whole number";
  if (type.rfind("FLOAT", 0) == 0) return "a number";
  return "a valid value";
}

std::string Extras(const CLI::App& app, const std::string& message) {
  // CLI11 lists the unexpected arguments last first: the first one given is the last word.
  const std::string first = message.substr(message.find_last_of(' ') + 1);
  if (first.size() < 2 || first[0] != '-') return "unexpected argument '" + first + "' (see --help)";
  return UnknownOption(first.substr(0, first.find('=')), OptionNames(app, false));
}

std::string Conversion(const CLI::App& app, const std::string& message) {
  // "Could not convert: NAME = VALUE"
  const std::string prefix = "Could not convert: ";
  if (message.rfind(prefix, 0) != 0) return message;
  const std::string rest = message.substr(prefix.size());
  const std::size_t equals = rest.find(" = ");
  if (equals == std::string::npos) return message;
  const std::string name = rest.substr(0, equals);
  return name + ": '" + rest.substr(equals + 3) + "' is not " + Expected(FindOption(app, name));
}

std::string Lower(std::string text) {
  for (char& c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

CLI::Option* Choices(CLI::Option* option, const std::vector<std::string>& names, bool ignore_case) {
  std::string shown, listed;
  for (const std::string& name : names) {
    shown += (shown.empty() ? "" : "|") + name;
    listed += (listed.empty() ? "" : ", ") + name;
  }
  const CLI::Validator one_of(
      [names, ignore_case, listed](std::string& value) {
        for (const std::string& name : names) {
          if (value == name || (ignore_case && Lower(value) == Lower(name))) {
            value = name;
            return std::string();
          }
        }
        return "'" + value + "' is not one of " + listed;
      },
      "");
  return option->transform(one_of)->type_name(shown);  // a transform: it may canonicalise the case
}

CLI::Option* NumberIn(CLI::Option* option, double low, double high, const std::string& what) {
  const CLI::Validator in_range(
      [low, high](const std::string& value) {
        char* end = nullptr;
        const double number = std::strtod(value.c_str(), &end);
        if (value.empty() || *end != '\0') return "'" + value + "' is not a number";
        if (!(number >= low && number <= high))
          return fmt::format("'{}' is not from {:g} to {:g}", value, low, high);
        return std::string();
      },
      "");
  return option->check(in_range)->type_name(what);
}

CLI::Option* PositiveNumber(CLI::Option* option, const std::string& what) {
  const CLI::Validator positive(
      [](const std::string& value) {
        char* end = nullptr;
        const double number = std::strtod(value.c_str(), &end);
        if (value.empty() || *end != '\0') return "'" + value + "' is not a number";
        if (!(number > 0.0 && number <= std::numeric_limits<double>::max()))
          return "'" + value + "' is not above 0";
        return std::string();
      },
      "");
  return option->check(positive)->type_name(what);
}

std::string UsageErrorText(const CLI::App& app, const CLI::ParseError& error, int argc, char** argv) {
  if (const std::optional<std::string> misspelt = MisspeltOption(app, argc, argv)) return *misspelt;
  const std::string message = error.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) return Extras(app, message);
  if (dynamic_cast<const CLI::ConversionError*>(&error) != nullptr) return Conversion(app, message);
  if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr) {
    // "NAME is required": an option, or a positional argument by its name.
    const bool option = !message.empty() && message[0] == '-';
    return (option ? message : "missing " + message.substr(0, message.find(' ')) + ", which is required") +
           " (see --help)";
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr) {
    // "NAME: 1 required TYPE missing" and the like: the option was given without its value.
    const std::string name = message.substr(0, message.find(':'));
    return name + " needs a value: " + Expected(FindOption(app, name));
  }
  return message;
}

std::optional<int> ParseCommandLine(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    spdlog::error("{}", UsageErrorText(app, e, argc, argv));
    return kExitUsage;
  }
  return std::nullopt;
}

}  // namespace anim::cli
