// Golden disassembly files (tests/backend/golden/*.asm), shared by the tests that compile graph
// documents: regenerate after an intended change with ANIMTC_UPDATE_GOLDEN=1 and review the diff.
#pragma once

#include <string>
#include <vector>

namespace anim::test {

// `actual` must be the golden file `name`'s text (written first when ANIMTC_UPDATE_GOLDEN is set).
void CheckGolden(const std::string& name, const std::string& actual);

// Compiles a graph document through the front end twice (`asset_dirs` as animc -I): identical bytes,
// then its disassembly against the golden file.
void CheckDocument(const std::string& relative_path, const std::string& golden,
                   const std::vector<std::string>& asset_dirs = {});

// samples/humanoid/loco.yaml -> sample_humanoid_loco.asm
std::string SampleGoldenName(const std::string& sample_path);

}  // namespace anim::test
