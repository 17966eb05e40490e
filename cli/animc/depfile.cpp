#include "cli/animc/depfile.h"

namespace anim::animc {
namespace {

std::string Escape(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

}  // namespace

std::string FormatDepfile(const std::string& target, const std::vector<std::string>& inputs) {
  std::string out = Escape(target) + ":";
  for (const std::string& input : inputs)
    out += " " + Escape(input);
  return out + "\n";
}

}  // namespace anim::animc
