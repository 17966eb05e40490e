// anim-graph-gen: writes one random graph and its scenario, for reproducing a seed of the
// generated-graph validation tests by hand.
//   anim-graph-gen --seed 42 --frames 120 -o /tmp/g42   then   anim-dump validate /tmp/g42/graph.yaml ...
#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "tools/graph_gen/random_graph.h"

int main(int argc, char** argv) {
  CLI::App app{"Writes a random animation graph over the sample humanoid, and a scenario for it."};
  uint32_t seed = 1;
  int frames = 120;
  std::string out_dir;
  std::string samples = std::filesystem::path(ANIMTC_SOURCE_DIR) / "samples";
  app.add_option("--seed", seed, "Generator seed")->capture_default_str();
  app.add_option("--frames", frames, "Scenario length in frames (30 Hz)")->check(CLI::Range(1, 1000000));
  app.add_option("--samples", samples, "The samples folder the graph's asset paths point into")
      ->capture_default_str();
  app.add_option("-o,--out", out_dir, "Output folder (created)")->required();
  bool no_curves = false;
  app.add_flag("--no-curves", no_curves,
               "No curve reads or masks' curve weights (for a samples folder whose clips carry no curves)");
  CLI11_PARSE(app, argc, argv);

  const anim::GeneratedGraph g = anim::GenerateRandomGraph(
      seed, frames, std::filesystem::absolute(samples).string(), {.curves = !no_curves});
  std::error_code error;
  std::filesystem::create_directories(out_dir, error);
  for (const auto& [name, text] :
       {std::pair{"graph.yaml", &g.graph}, std::pair{"scenario.yaml", &g.scenario}}) {
    const std::filesystem::path path = std::filesystem::path(out_dir) / name;
    std::ofstream file(path, std::ios::binary);
    file << *text;
    if (!file) {
      std::cerr << "anim-graph-gen: error: cannot write " << path.string() << "\n";
      return 2;
    }
  }
  std::cout << out_dir << "/graph.yaml\n" << out_dir << "/scenario.yaml\n";
  return 0;
}
