// Drawing graphs as written (compiler/graph/graph_dot.h) in the tests: a graph document read as
// animc reads it, and its DOT rendered by Graphviz. `dot` comes from tools/install-deps; a test
// that needs it fails with a clear message when it is missing.
#pragma once

#include <string>
#include <vector>

#include "compiler/graph/load_graph.h"

namespace anim::test {

// The graph document at `path` (relative to the source root) as written; REQUIREs that it
// compiles.
AuthoredGraph RequireAuthored(const std::string& path, const std::vector<std::string>& asset_dirs = {});

// `dot -Tsvg` renders `dot` with exit 0 and no message (not even a warning); returns the SVG.
std::string RequireRenders(const std::string& dot, const std::string& name);

}  // namespace anim::test
