// Generators of hostile graph documents (issue 13), each at the size that once crashed, hung, ran
// out of stack or blew up memory somewhere in the toolchain, for tests/hostile and the compiler
// benchmark. Asset paths are absolute (the sample humanoid), so the text compiles from anywhere.
#pragma once

#include <string>

namespace anim::test {

// `format`, `version`, the sample humanoid skeleton and its idle and walk clips.
std::string HostileHeader();

// A chain of `n` blends by name: b0 = blend(idle, walk), bi = blend(b(i-1), walk).
std::string BlendChain(int n);
// `n` machines, each the only state of the one before: the output machine's state holds the next.
std::string NestedMachines(int n);
// A blend whose `a` is written inline, `n` deep.
std::string NestedInlineBlends(int n);
// A YAML document of `n` sequences nested in one another, in flow style.
std::string NestedFlowSequences(int n);
// 21 anchors, each a blend of the previous one twice, through aliases: 2^21 inline nodes in 1.3 KB.
std::string AliasBomb();
// One machine of two states and `n` transitions between them, the last one true.
std::string ManyTransitions(int n);
// One machine of `n` states, each a reference pose, a transition from each to the next.
std::string ManyStates(int n);
// A chain of blends over `n` clip nodes (each blend's second input an inline clip node).
std::string ManyClipNodes(int n);
// A blend whose inputs name `n` undefined nodes (n - 1 blends reading `missing_i`).
std::string UndefinedReferences(int n);

}  // namespace anim::test
