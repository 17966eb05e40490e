// Number formatting for generated documents: fixed and locale-free, so the same value always
// prints the same text on every machine.
#pragma once

#include <string>

namespace anim::sample_gen {

// Six significant digits ("%.6g"). Magnitudes below 5e-7 print as "0", which also folds -0 and
// float noise such as 4.37114e-08 into one spelling.
std::string FormatNumber(double value);

}  // namespace anim::sample_gen
