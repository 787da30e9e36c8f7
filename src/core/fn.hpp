#pragma once
// Fn<R(A...)>: a callable kept by the engine's registries (commands, events, hooks, data fields, calculators).
// It behaves as std::function, except that a lambda without captures (nearly every one the rules register) is
// kept as a plain function pointer. std::function instantiates a class of its own for each lambda it holds, with
// a table of copy, move, destroy, call and type queries; the rules register hundreds of lambdas, and in the web
// build those classes were a sizeable part of the code. A lambda with captures still goes into a std::function.
#include <cstddef>
#include <functional>
#include <type_traits>
#include <utility>

namespace druzina {

template <class Sig>
class Fn;

template <class R, class... A>
class Fn<R(A...)> {
 public:
  using Ptr = R (*)(A...);

  Fn() = default;
  Fn(std::nullptr_t) {}
  template <class F, std::enable_if_t<!std::is_same_v<std::decay_t<F>, Fn> && std::is_invocable_r_v<R, F&, A...>,
                                      int> = 0>
  Fn(F&& f) {
    if constexpr (std::is_convertible_v<F, Ptr>)
      ptr_ = static_cast<Ptr>(f);
    else
      fn_ = std::forward<F>(f);
  }

  explicit operator bool() const { return ptr_ != nullptr || static_cast<bool>(fn_); }

  R operator()(A... a) const {
    if (ptr_) return ptr_(std::forward<A>(a)...);
    return fn_(std::forward<A>(a)...);
  }

 private:
  Ptr ptr_ = nullptr;
  std::function<R(A...)> fn_;
};

}  // namespace druzina
