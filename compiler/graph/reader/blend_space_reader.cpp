#include "compiler/graph/reader/blend_space_reader.h"

#include <cmath>

#include "compiler/geometry/delaunay.h"
#include "vm/bytecode/limits.h"

namespace anim::graph {
namespace {

constexpr std::string_view kSampleFields[] = {"position", "pose"};

class SampleReader {
 public:
  SampleReader(GraphReadState& state, NodeReader& nodes, GraphNode& node)
      : reader_(state.reader),
        nodes_(nodes),
        node_(node),
        two_d_(node.kind->type == NodeType::BlendSpace2D) {}

  void Read(FieldReader& fields) {
    const std::string what = "'samples' of node " + Quoted(node_.name);
    const DocNode* samples = fields.Get("samples", Field::Required);
    if (samples == nullptr || reader_.Sequence(*samples, what) == nullptr) return;
    if (samples->items.empty()) {
      reader_.Error("E021", *samples, what + " is empty: a blend space needs at least one sample");
      return;
    }
    if (two_d_ && samples->items.size() > kMaxBlendSpaceSamples) {
      reader_.Error("E901", *samples->items[kMaxBlendSpaceSamples],
                    what + " holds more than " + std::to_string(kMaxBlendSpaceSamples) +
                        " samples; a 2D blend space has at most that many");
      return;
    }
    for (std::size_t i = 0; i < samples->items.size(); ++i)
      ReadSample(*samples->items[i], i);
    // Only a layout whose every position was read says anything about the layout.
    if (two_d_ && positions_.size() == samples->items.size()) Triangulate(*samples);
  }

 private:
  void ReadSample(const DocNode& item, std::size_t i) {
    const std::string item_what = "'samples'[" + std::to_string(i) + "] of node " + Quoted(node_.name);
    if (reader_.Mapping(item, item_what) == nullptr) return;
    FieldReader sample(reader_, item, item_what, kSampleFields);
    sample.ReportUnknownFields();
    SampleModel model;
    const DocNode* position = sample.Get("position", Field::Required);
    if (const DocNode* pose = sample.Get("pose", Field::Required))
      model.node = nodes_.ReadPose(node_, *pose, "'pose' of " + item_what,
                                   node_.name + ".samples[" + std::to_string(i) + "]");
    if (position == nullptr) return;
    const std::string position_what = "'position' of " + item_what;
    if (two_d_ ? !ReadPoint(*position, position_what, model) : !ReadNumber(*position, position_what, model))
      return;
    positions_.push_back(position);
    model.position = position->position;
    node_.samples.push_back(model);
  }

  // 1D: a number above the previous sample's.
  bool ReadNumber(const DocNode& at, const std::string& what, SampleModel& model) {
    const std::optional<float> x = reader_.Float(at, what);
    if (!x) return false;
    model.x = *x;
    if (!positions_.empty() && !(model.x > node_.samples.back().x)) {
      Diagnostic& error = reader_.Error("E021", at,
                                        "sample positions of node " + Quoted(node_.name) +
                                            " must increase: " + Number(model.x) + " comes after " +
                                            Number(node_.samples.back().x));
      reader_.Note(error, *positions_.back(), "the previous sample's position");
    }
    return true;
  }

  // 2D: [x, y], each within the format's +-1e6.
  bool ReadPoint(const DocNode& at, const std::string& what, SampleModel& model) {
    const std::optional<std::vector<float>> xy = reader_.FloatArray(at, what);
    if (!xy) return false;
    if (xy->size() != 2) {
      reader_.Error("E102", at,
                    "expected [x, y] for " + what + ", found " + std::to_string(xy->size()) +
                        (xy->size() == 1 ? " number" : " numbers"));
      return false;
    }
    for (const float v : *xy) {
      if (!(std::fabs(v) <= kMaxBlendSpaceCoordinate)) {
        reader_.Error("E012", at, what + " must lie within -1e6 to 1e6, found " + Number(v));
        return false;
      }
    }
    model.x = (*xy)[0];
    model.y = (*xy)[1];
    return true;
  }

  void Triangulate(const DocNode& samples) {
    std::vector<geometry::Point2> points;
    for (const SampleModel& s : node_.samples)
      points.push_back({s.x, s.y});
    const geometry::Triangulation t = geometry::Delaunay(points);
    const std::string of = " of node " + Quoted(node_.name);
    switch (t.status) {
      case geometry::Triangulation::Status::Ok:
        break;
      case geometry::Triangulation::Status::TooFewPoints:
        reader_.Error("E021", samples,
                      "a 2D blend space needs at least three samples, not on one line; 'samples'" + of +
                          " holds " + std::to_string(points.size()));
        return;
      case geometry::Triangulation::Status::Duplicate: {
        Diagnostic& error =
            reader_.Error("E021", *positions_[static_cast<std::size_t>(t.second)],
                          "samples " + std::to_string(t.first) + " and " + std::to_string(t.second) + of +
                              " are at the same position " + Point(t.second));
        reader_.Note(error, *positions_[static_cast<std::size_t>(t.first)],
                     "sample " + std::to_string(t.first) + " is here");
        return;
      }
      case geometry::Triangulation::Status::Collinear:
        reader_.Error("E021", samples,
                      "the samples" + of +
                          " are all on one line: a 2D blend space needs three samples not on one line "
                          "(for samples along a line, use blend_space_1d)");
        return;
      case geometry::Triangulation::Status::Thin: {
        Diagnostic& error =
            reader_.Error("E021", *positions_[static_cast<std::size_t>(t.third)],
                          "samples " + std::to_string(t.first) + ", " + std::to_string(t.second) + " and " +
                              std::to_string(t.third) + of +
                              " are too nearly on one line to blend between: move one of them off the line");
        reader_.Note(error, *positions_[static_cast<std::size_t>(t.first)],
                     "sample " + std::to_string(t.first) + " is here");
        reader_.Note(error, *positions_[static_cast<std::size_t>(t.second)],
                     "sample " + std::to_string(t.second) + " is here");
        return;
      }
    }
    double min_x = points[0].x, max_x = min_x, min_y = points[0].y, max_y = min_y;
    for (const geometry::Point2& p : points) {
      min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
      min_y = std::min(min_y, p.y), max_y = std::max(max_y, p.y);
    }
    if (std::max(max_x - min_x, max_y - min_y) < kMinBlendSpaceExtent) {
      reader_.Error("E012", samples, "the samples" + of + " span less than 1e-6; spread them further apart");
      return;
    }
    node_.triangles = t.triangles;
  }

  std::string Point(int sample) const {
    const SampleModel& s = node_.samples[static_cast<std::size_t>(sample)];
    return "[" + Number(s.x) + ", " + Number(s.y) + "]";
  }

  DocumentReader& reader_;
  NodeReader& nodes_;
  GraphNode& node_;
  const bool two_d_;
  std::vector<const DocNode*> positions_;  // where each read sample's position is written
};

}  // namespace

void ReadBlendSpaceSamples(GraphReadState& state, NodeReader& nodes, GraphNode& node, FieldReader& fields) {
  SampleReader(state, nodes, node).Read(fields);
}

}  // namespace anim::graph
