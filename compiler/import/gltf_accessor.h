// Reading glTF accessors into floats with every bound checked: a bad index, a view past its buffer
// or an element past its view is an error message, never an out-of-range read.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tinygltf {
class Model;
}

namespace anim::gltf {

// Why an accessor could not be read: `code` is I203 (a reference or range out of bounds), I204
// (non-finite data) or I205 (an unsupported encoding); `message` says which accessor and why.
struct AccessorError {
  std::string code;
  std::string message;
};

// The accessor's elements as floats, `components` per element (SCALAR 1, VEC3 3, VEC4 4, MAT4 16).
// FLOAT data is read as is; normalized BYTE/UBYTE/SHORT/USHORT data is converted per the glTF spec
// (animation rotations may use it). Sparse accessors, other integer data, a type other than
// `components` and non-finite values are refused: nullopt with `error` set.
std::optional<std::vector<float>> ReadFloatAccessor(const tinygltf::Model& model, int accessor_index,
                                                    int components, AccessorError& error);

}  // namespace anim::gltf
