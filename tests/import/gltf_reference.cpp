#include "tests/import/gltf_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace anim::test {

namespace {

std::vector<unsigned char> ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<unsigned char> DecodeBase64(const std::string& text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::vector<unsigned char> out;
  int bits = 0, acc = 0;
  for (char c : text) {
    const int v = value(c);
    if (v < 0) continue;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<unsigned char>((acc >> bits) & 0xff));
    }
  }
  return out;
}

Matrix Multiply(const Matrix& a, const Matrix& b) {
  Matrix out{};
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      for (int k = 0; k < 4; ++k)
        out[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return out;
}

// T * R * S (glTF 2.0 section 3.5.3).
Matrix FromTrs(const std::array<double, 3>& t, const std::array<double, 4>& q,
               const std::array<double, 3>& s) {
  const double x = q[0], y = q[1], z = q[2], w = q[3];
  Matrix m{1 - 2 * (y * y + z * z),
           2 * (x * y + z * w),
           2 * (x * z - y * w),
           0,
           2 * (x * y - z * w),
           1 - 2 * (x * x + z * z),
           2 * (y * z + x * w),
           0,
           2 * (x * z + y * w),
           2 * (y * z - x * w),
           1 - 2 * (x * x + y * y),
           0,
           t[0],
           t[1],
           t[2],
           1};
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r)
      m[c * 4 + r] *= s[c];
  return m;
}

// Appendix C: step, linear (slerp for rotations), cubic Hermite spline.
std::vector<double> Interpolate(const std::vector<double>& times, const std::vector<double>& values, int n,
                                const std::string& mode, double t) {
  const bool cubic = mode == "CUBICSPLINE";
  const std::size_t stride = static_cast<std::size_t>(cubic ? 3 * n : n);
  const std::size_t offset = static_cast<std::size_t>(cubic ? n : 0);
  auto key = [&](std::size_t k, std::size_t part) { return values[k * stride + part]; };
  std::vector<double> out(static_cast<std::size_t>(n));
  std::size_t k = 0;
  if (t <= times.front()) {
    for (int i = 0; i < n; ++i)
      out[static_cast<std::size_t>(i)] = key(0, offset + static_cast<std::size_t>(i));
    return out;
  }
  if (t >= times.back()) {
    for (int i = 0; i < n; ++i)
      out[static_cast<std::size_t>(i)] = key(times.size() - 1, offset + static_cast<std::size_t>(i));
    return out;
  }
  while (times[k + 1] <= t)
    ++k;
  const double td = times[k + 1] - times[k];
  const double u = (t - times[k]) / td;
  if (mode == "STEP") {
    for (int i = 0; i < n; ++i)
      out[static_cast<std::size_t>(i)] = key(k, offset + static_cast<std::size_t>(i));
  } else if (!cubic && n == 4) {
    double a[4], b[4], dot = 0;
    for (std::size_t i = 0; i < 4; ++i)
      a[i] = key(k, i), b[i] = key(k + 1, i), dot += a[i] * b[i];
    const double sign = dot < 0 ? -1 : 1;
    dot *= sign;
    const double angle = std::acos(std::min(1.0, dot));
    const double wa = angle < 1e-9 ? 1 - u : std::sin((1 - u) * angle) / std::sin(angle);
    const double wb = angle < 1e-9 ? u : std::sin(u * angle) / std::sin(angle);
    for (std::size_t i = 0; i < 4; ++i)
      out[i] = wa * a[i] + wb * sign * b[i];
  } else if (!cubic) {
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i)
      out[i] = (1 - u) * key(k, i) + u * key(k + 1, i);
  } else {
    const double u2 = u * u, u3 = u2 * u;
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
      const double p0 = key(k, offset + i), p1 = key(k + 1, offset + i);
      const double m0 = td * key(k, 2 * offset + i), m1 = td * key(k + 1, i);
      out[i] = (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * m1;
    }
  }
  if (n == 4) {
    double len = 0;
    for (double v : out)
      len += v * v;
    for (double& v : out)
      v /= std::sqrt(len);
  }
  return out;
}

}  // namespace

ReferenceGltf::ReferenceGltf(const std::string& path) {
  const std::vector<unsigned char> bytes = ReadBytes(path);
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::vector<unsigned char> bin;
  if (bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0) {
    uint32_t json_length = 0;
    std::memcpy(&json_length, bytes.data() + 12, 4);
    json_ = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + json_length);
    const std::size_t bin_at = 20 + json_length;
    if (bin_at + 8 <= bytes.size()) {
      uint32_t bin_length = 0;
      std::memcpy(&bin_length, bytes.data() + bin_at, 4);
      bin.assign(bytes.begin() + static_cast<std::ptrdiff_t>(bin_at + 8),
                 bytes.begin() + static_cast<std::ptrdiff_t>(bin_at + 8 + bin_length));
    }
  } else {
    json_ = nlohmann::json::parse(bytes.begin(), bytes.end());
  }
  for (const auto& buffer : json_["buffers"]) {
    if (!buffer.contains("uri")) {
      buffers_.push_back(bin);
      continue;
    }
    const std::string uri = buffer["uri"];
    const auto comma = uri.find(',');
    buffers_.push_back(uri.rfind("data:", 0) == 0 ? DecodeBase64(uri.substr(comma + 1))
                                                  : ReadBytes((dir / uri).string()));
  }
  parents_.assign(json_["nodes"].size(), -1);
  for (std::size_t n = 0; n < json_["nodes"].size(); ++n) {
    for (int child : json_["nodes"][n].value("children", std::vector<int>{}))
      parents_[static_cast<std::size_t>(child)] = static_cast<int>(n);
  }
}

std::vector<double> ReferenceGltf::Floats(int accessor_index) const {
  const auto& accessor = json_["accessors"][static_cast<std::size_t>(accessor_index)];
  const std::string type = accessor["type"];
  const int n = type == "SCALAR" ? 1 : type == "VEC3" ? 3 : type == "VEC4" ? 4 : 16;
  const auto& view = json_["bufferViews"][accessor["bufferView"].get<std::size_t>()];
  const auto& buffer = buffers_[view["buffer"].get<std::size_t>()];
  const std::size_t stride = view.value("byteStride", static_cast<std::size_t>(4 * n));
  const std::size_t base =
      view.value("byteOffset", std::size_t{0}) + accessor.value("byteOffset", std::size_t{0});
  std::vector<double> out;
  for (std::size_t i = 0; i < accessor["count"].get<std::size_t>(); ++i) {
    for (int c = 0; c < n; ++c) {
      float v = 0;
      std::memcpy(&v, buffer.data() + base + i * stride + 4 * static_cast<std::size_t>(c), 4);
      out.push_back(v);
    }
  }
  return out;
}

std::vector<int> ReferenceGltf::Joints(int skin) const {
  return json_["skins"][static_cast<std::size_t>(skin)]["joints"].get<std::vector<int>>();
}

std::vector<Matrix> ReferenceGltf::Globals(int animation, double time) const {
  const std::size_t count = json_["nodes"].size();
  std::vector<std::array<double, 3>> t(count, {0, 0, 0}), s(count, {1, 1, 1});
  std::vector<std::array<double, 4>> r(count, {0, 0, 0, 1});
  std::vector<Matrix> local(count);
  std::vector<bool> has_matrix(count, false);
  for (std::size_t n = 0; n < count; ++n) {
    const auto& node = json_["nodes"][n];
    if (node.contains("matrix")) {
      has_matrix[n] = true;
      for (int i = 0; i < 16; ++i)
        local[n][static_cast<std::size_t>(i)] = node["matrix"][static_cast<std::size_t>(i)];
    }
    if (node.contains("translation")) t[n] = node["translation"].get<std::array<double, 3>>();
    if (node.contains("rotation")) r[n] = node["rotation"].get<std::array<double, 4>>();
    if (node.contains("scale")) s[n] = node["scale"].get<std::array<double, 3>>();
  }
  if (animation >= 0) {
    const auto& anim = json_["animations"][static_cast<std::size_t>(animation)];
    for (const auto& channel : anim["channels"]) {
      const std::string path = channel["target"]["path"];
      if (path == "weights") continue;
      const auto& sampler = anim["samplers"][channel["sampler"].get<std::size_t>()];
      const std::size_t node = channel["target"]["node"];
      const int n = path == "rotation" ? 4 : 3;
      const auto v = Interpolate(Floats(sampler["input"]), Floats(sampler["output"]), n,
                                 sampler.value("interpolation", std::string("LINEAR")), time);
      if (path == "translation") t[node] = {v[0], v[1], v[2]};
      if (path == "rotation") r[node] = {v[0], v[1], v[2], v[3]};
      if (path == "scale") s[node] = {v[0], v[1], v[2]};
    }
  }
  for (std::size_t n = 0; n < count; ++n) {
    if (!has_matrix[n]) local[n] = FromTrs(t[n], r[n], s[n]);
  }
  std::vector<Matrix> global(count);
  std::vector<bool> done(count, false);
  // Parents before children: repeat until every node is done (the hierarchy is a forest).
  for (std::size_t pass = 0; pass < count; ++pass) {
    for (std::size_t n = 0; n < count; ++n) {
      const int p = parents_[n];
      if (done[n] || (p >= 0 && !done[static_cast<std::size_t>(p)])) continue;
      global[n] = p < 0 ? local[n] : Multiply(global[static_cast<std::size_t>(p)], local[n]);
      done[n] = true;
    }
  }
  return global;
}

double ReferenceGltf::StartTime(int animation) const {
  const std::vector<double> times = KeyTimes(animation);
  return times.front();
}

double ReferenceGltf::EndTime(int animation) const {
  const std::vector<double> times = KeyTimes(animation);
  return times.back();
}

std::vector<double> ReferenceGltf::KeyTimes(int animation) const {
  std::vector<double> times;
  const auto& anim = json_["animations"][static_cast<std::size_t>(animation)];
  for (const auto& channel : anim["channels"]) {
    if (channel["target"]["path"] == "weights") continue;
    const auto input = Floats(anim["samplers"][channel["sampler"].get<std::size_t>()]["input"]);
    times.insert(times.end(), input.begin(), input.end());
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

double ReferenceGltf::Height(int skin) const {
  const std::vector<Matrix> rest = Globals(-1, 0.0);
  double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
  for (int joint : Joints(skin)) {
    for (int i = 0; i < 3; ++i) {
      lo[i] = std::min(lo[i], rest[static_cast<std::size_t>(joint)][static_cast<std::size_t>(12 + i)]);
      hi[i] = std::max(hi[i], rest[static_cast<std::size_t>(joint)][static_cast<std::size_t>(12 + i)]);
    }
  }
  double height = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
  const auto& position =
      json_["accessors"][json_["meshes"][0]["primitives"][0]["attributes"]["POSITION"].get<std::size_t>()];
  for (int i = 0; i < 3; ++i)
    height = std::max(height, position["max"][static_cast<std::size_t>(i)].get<double>() -
                                  position["min"][static_cast<std::size_t>(i)].get<double>());
  return height;
}

}  // namespace anim::test
