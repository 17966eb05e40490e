// Which side of the body a bone is on, by its name, and the colour the pictures give each side
// (pose --format svg, the HTML report's skeleton view): left blue, right red, the rest grey.
#pragma once

#include <string_view>

namespace anim::dump {

enum class Side { Centre, Left, Right };

// By the naming conventions rigs use: "thigh_l", "hand.R", "l_arm", "LeftUpLeg", "UpperLegL".
Side SideOf(std::string_view name);

const char* SideColour(Side side);

}  // namespace anim::dump
