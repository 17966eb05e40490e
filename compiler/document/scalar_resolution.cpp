#include "compiler/document/scalar_resolution.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <limits>
#include <system_error>

namespace anim {
namespace {

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

bool OneOf(std::string_view text, std::initializer_list<std::string_view> options) {
  for (std::string_view option : options) {
    if (text == option) return true;
  }
  return false;
}

// Whether `digits` (a validated decimal literal without sign) overflows rather than underflows
// when std::from_chars reports it out of range: compares its decimal magnitude with zero.
bool Overflows(std::string_view digits) {
  const std::size_t exponent_at = digits.find_first_of("eE");
  const std::string_view mantissa = digits.substr(0, exponent_at);
  long long exponent = 0;
  if (exponent_at != std::string_view::npos) {
    std::string_view e = digits.substr(exponent_at + 1);
    const bool negative = !e.empty() && e.front() == '-';
    if (!e.empty() && (e.front() == '-' || e.front() == '+')) e.remove_prefix(1);
    for (char c : e)
      exponent = std::min(exponent * 10 + (c - '0'), 1'000'000'000LL);
    if (negative) exponent = -exponent;
  }
  const std::size_t point = mantissa.find('.');
  const std::string_view whole = mantissa.substr(0, point);
  const std::size_t first_nonzero = whole.find_first_not_of('0');
  if (first_nonzero != std::string_view::npos) {
    return static_cast<long long>(whole.size() - first_nonzero) + exponent > 0;
  }
  // 0.000...0ddd: the magnitude is minus the number of zeros after the point.
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : mantissa.substr(point + 1);
  const std::size_t zeros = std::min(fraction.find_first_not_of('0'), fraction.size());
  return -static_cast<long long>(zeros) + exponent > 0;
}

// [0-9]+ ('.' [0-9]*)? | '.' [0-9]+, then an optional exponent.
bool IsDecimal(std::string_view s) {
  std::size_t i = 0;
  std::size_t int_digits = 0, frac_digits = 0;
  while (i < s.size() && IsDigit(s[i]))
    ++i, ++int_digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && IsDigit(s[i]))
      ++i, ++frac_digits;
  }
  if (int_digits + frac_digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < s.size() && IsDigit(s[i]))
      ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

}  // namespace

bool IsNullLiteral(std::string_view text) {
  return OneOf(text, {"", "~", "null", "Null", "NULL"});
}

std::optional<bool> ParseBoolLiteral(std::string_view text) {
  if (OneOf(text, {"true", "True", "TRUE"})) return true;
  if (OneOf(text, {"false", "False", "FALSE"})) return false;
  return std::nullopt;
}

std::optional<double> ParseNumberLiteral(std::string_view text) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (OneOf(text, {".nan", ".NaN", ".NAN", "NaN"})) return std::numeric_limits<double>::quiet_NaN();
  if (OneOf(text, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "Infinity"})) return kInf;
  if (OneOf(text, {"-.inf", "-.Inf", "-.INF", "-Infinity"})) return -kInf;

  bool negative = false;
  std::string_view digits = text;
  if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) {
    negative = digits.front() == '-';
    digits.remove_prefix(1);
  }
  if (!IsDecimal(digits)) return std::nullopt;
  double value = 0.0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error == std::errc::result_out_of_range) {
    value = Overflows(digits) ? kInf : 0.0;
  } else if (error != std::errc() || end != digits.data() + digits.size()) {
    return std::nullopt;
  }
  return negative ? -value : value;
}

}  // namespace anim
