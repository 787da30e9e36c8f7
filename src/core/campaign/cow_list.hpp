// CowList<T>: the list of creatures / notes of a Campaign — a value with structural sharing.
//
// Copying a CowList copies one pointer. The elements live in chunks of kChunk pointers; a table of chunk pointers
// is the list. Writing through a copy (mutable operator[], push_back, erase, mutable iteration) first makes the
// parts it goes through its own: the table (n / kChunk pointers), the one chunk (kChunk pointers) and the one
// element (a copy of T) — whatever another copy still shares is copied, nothing else. So the engine's
// `Result r{state}` is O(1), and a command that changes one creature of 10,000 copies one creature.
//
//   const access (const operator[], const iteration, find) never copies; the references it gives stay valid while
//   the list (or any copy sharing the element) lives, but they show the element as it was when read — a write
//   through another copy, or a later write through this list that has to copy a shared element, goes to a new
//   object. After writing, look the element up again (the engine's code does: it re-finds a creature after emit).
//   mutable access copies the element when it is shared; its reference must not be kept across a copy of the list
//   (a later write through it would show in the copy too).
//   mutable iteration (for (auto& x : list)) copies every element it visits that is shared: iterate const when
//   only reading.
//
// Every element has an id (T::id, "c12", "n5"); the number after the letter is kept beside the element pointer
// (its key). While the keys grow strictly from the first element to the last (ids are handed out in increasing
// order, so this is the normal case) find(id) is a binary search; otherwise it is a scan. Ids never change once
// an element is in the list (the engine refuses a change of id: Engine::validate_change).
#pragma once
#include <algorithm>
#include <charconv>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace druzina::campaign {

// The number of an id "<letter><number>" ("c7" → 7); −1 when it is not of that form.
inline long long id_key(std::string_view id) {
  if (id.size() < 2) return -1;
  long long n = -1;
  auto [p, ec] = std::from_chars(id.data() + 1, id.data() + id.size(), n);
  if (ec != std::errc() || p != id.data() + id.size() || n < 0) return -1;
  return n;
}

template <class T>
class CowList {
  static constexpr size_t kChunk = 64;
  struct Slot {
    std::shared_ptr<T> p;
    long long key = -1;
  };
  using Chunk = std::vector<Slot>;
  struct Table {
    std::vector<std::shared_ptr<Chunk>> chunks;
    size_t size = 0;
    bool sorted = true;  // keys strictly increasing (and none −1)
  };

 public:
  using value_type = T;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;

  template <bool Const>
  class basic_iterator {
    using List = std::conditional_t<Const, const CowList, CowList>;

   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using reference = std::conditional_t<Const, const T&, T&>;
    using pointer = std::conditional_t<Const, const T*, T*>;

    basic_iterator() = default;
    basic_iterator(List* list, size_t i) : list_(list), i_(i) {}
    template <bool C = Const, class = std::enable_if_t<C>>
    basic_iterator(const basic_iterator<false>& o) : list_(o.list_), i_(o.i_) {}

    reference operator*() const { return (*list_)[i_]; }
    pointer operator->() const { return &(*list_)[i_]; }
    reference operator[](difference_type n) const { return (*list_)[i_ + n]; }
    basic_iterator& operator++() { ++i_; return *this; }
    basic_iterator operator++(int) { auto t = *this; ++i_; return t; }
    basic_iterator& operator--() { --i_; return *this; }
    basic_iterator operator--(int) { auto t = *this; --i_; return t; }
    basic_iterator& operator+=(difference_type n) { i_ += n; return *this; }
    basic_iterator& operator-=(difference_type n) { i_ -= n; return *this; }
    friend basic_iterator operator+(basic_iterator a, difference_type n) { return a += n; }
    friend basic_iterator operator+(difference_type n, basic_iterator a) { return a += n; }
    friend basic_iterator operator-(basic_iterator a, difference_type n) { return a -= n; }
    friend difference_type operator-(const basic_iterator& a, const basic_iterator& b) {
      return static_cast<difference_type>(a.i_) - static_cast<difference_type>(b.i_);
    }
    friend bool operator==(const basic_iterator& a, const basic_iterator& b) { return a.i_ == b.i_; }
    friend bool operator!=(const basic_iterator& a, const basic_iterator& b) { return a.i_ != b.i_; }
    friend bool operator<(const basic_iterator& a, const basic_iterator& b) { return a.i_ < b.i_; }
    friend bool operator>(const basic_iterator& a, const basic_iterator& b) { return a.i_ > b.i_; }
    friend bool operator<=(const basic_iterator& a, const basic_iterator& b) { return a.i_ <= b.i_; }
    friend bool operator>=(const basic_iterator& a, const basic_iterator& b) { return a.i_ >= b.i_; }
    size_t index() const { return i_; }

   private:
    friend class CowList;
    template <bool>
    friend class basic_iterator;
    List* list_ = nullptr;
    size_t i_ = 0;
  };
  using iterator = basic_iterator<false>;
  using const_iterator = basic_iterator<true>;

  CowList() = default;
  CowList(std::initializer_list<T> items) {
    for (const auto& x : items) push_back(x);
  }
  template <class It>
  CowList(It first, It last) {
    for (; first != last; ++first) push_back(*first);
  }

  size_t size() const { return t_ ? t_->size : 0; }
  bool empty() const { return size() == 0; }

  const T& operator[](size_t i) const { return *slot(i).p; }
  T& operator[](size_t i) { return mut(i); }
  const T& at(size_t i) const {
    if (i >= size()) throw std::out_of_range("CowList::at");
    return (*this)[i];
  }
  T& at(size_t i) {
    if (i >= size()) throw std::out_of_range("CowList::at");
    return mut(i);
  }
  const T& front() const { return (*this)[0]; }
  const T& back() const { return (*this)[size() - 1]; }
  T& front() { return mut(0); }
  T& back() { return mut(size() - 1); }

  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }
  iterator begin() { return {this, 0}; }
  iterator end() { return {this, size()}; }

  // The element at i, made this list's own (copied if another list shares it).
  T& mut(size_t i) {
    own_table();
    auto& chunk = t_->chunks[i / kChunk];
    if (chunk.use_count() > 1) chunk = std::make_shared<Chunk>(*chunk);
    Slot& s = (*chunk)[i % kChunk];
    if (s.p.use_count() > 1) s.p = std::make_shared<T>(*s.p);
    return *s.p;
  }

  void push_back(T v) {
    long long key = id_key(v.id);
    own_table();
    Table& t = *t_;
    if (t.sorted && (key < 0 || (t.size > 0 && slot(t.size - 1).key >= key))) t.sorted = false;
    if (t.chunks.empty() || t.chunks.back()->size() == kChunk) {
      t.chunks.push_back(std::make_shared<Chunk>());
      t.chunks.back()->reserve(kChunk);
    } else if (t.chunks.back().use_count() > 1) {
      auto copy = std::make_shared<Chunk>(*t.chunks.back());
      copy->reserve(kChunk);
      t.chunks.back() = std::move(copy);
    }
    t.chunks.back()->push_back(Slot{std::make_shared<T>(std::move(v)), key});
    ++t.size;
  }
  template <class... A>
  T& emplace_back(A&&... args) {
    push_back(T{std::forward<A>(args)...});
    return mut(size() - 1);
  }

  // Removes the element at i: O(size) pointer moves (the table is rebuilt), elements are not copied.
  void erase_at(size_t i) {
    std::vector<Slot> all;
    all.reserve(size());
    bool sorted = t_->sorted;
    for (size_t k = 0; k < size(); ++k)
      if (k != i) all.push_back(slot(k));
    clear();
    for (auto& s : all) append_slot(std::move(s));
    if (t_) t_->sorted = sorted;
  }
  iterator erase(const_iterator pos) {
    erase_at(pos.i_);
    return {this, pos.i_};
  }
  void clear() { t_.reset(); }
  void reserve(size_t) {}

  // Index of the element with that id, or −1.
  std::ptrdiff_t find(std::string_view id) const {
    if (!t_) return -1;
    if (t_->sorted) {
      long long key = id_key(id);
      if (key < 0) return -1;
      size_t lo = 0, hi = t_->size;
      while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (slot(mid).key < key) lo = mid + 1;
        else hi = mid;
      }
      if (lo < t_->size && slot(lo).key == key && slot(lo).p->id == id) return static_cast<std::ptrdiff_t>(lo);
      return -1;
    }
    for (size_t k = 0; k < t_->size; ++k)
      if (slot(k).p->id == id) return static_cast<std::ptrdiff_t>(k);
    return -1;
  }

  // [SECTION] for validating what changed (Engine::validate_change) ---------------------------------------------------
  // Whether the element at i is the very object `other` holds at j (so it has not been written since).
  bool same_element(size_t i, const CowList& other, size_t j) const { return slot(i).p == other.slot(j).p; }
  // Whether the chunk holding element i is shared with `other` (so elements [i/kChunk*kChunk, +kChunk) are the
  // same objects in both, as long as both lists are at least that long).
  bool same_chunk(size_t i, const CowList& other) const {
    size_t c = i / kChunk;
    return t_ && other.t_ && c < t_->chunks.size() && c < other.t_->chunks.size() &&
           t_->chunks[c] == other.t_->chunks[c];
  }
  static constexpr size_t chunk_size() { return kChunk; }

  // [SECTION] for writers that keep the text of what they wrote, per chunk (io/save.cpp) ------------------------------
  // The chunks hold the elements in order: chunk c holds [c·chunk_size(), …). chunk_handle(c) is that chunk as an
  // opaque owner. While anyone holds a handle, the chunk is shared, so a write to any of its elements (or a
  // push_back into it) copies first: the elements a handle stands for never change, and a cache keyed by the
  // handle is never stale.
  size_t chunk_count() const { return t_ ? t_->chunks.size() : 0; }
  std::shared_ptr<const void> chunk_handle(size_t c) const { return t_->chunks[c]; }
  // The key recorded when the element came in (the number of its id then).
  long long key(size_t i) const { return slot(i).key; }
  bool sorted() const { return !t_ || t_->sorted; }
  bool shares_table(const CowList& other) const { return t_ == other.t_; }

 private:
  const Slot& slot(size_t i) const { return (*t_->chunks[i / kChunk])[i % kChunk]; }
  void own_table() {
    if (!t_) t_ = std::make_shared<Table>();
    else if (t_.use_count() > 1) t_ = std::make_shared<Table>(*t_);
  }
  void append_slot(Slot s) {
    own_table();
    Table& t = *t_;
    if (t.chunks.empty() || t.chunks.back()->size() == kChunk) {
      t.chunks.push_back(std::make_shared<Chunk>());
      t.chunks.back()->reserve(kChunk);
    }
    t.chunks.back()->push_back(std::move(s));
    ++t.size;
  }

  std::shared_ptr<Table> t_;
};

template <class T>
void to_json(nlohmann::json& j, const CowList<T>& list) {
  j = nlohmann::json::array();
  for (const auto& x : list) j.push_back(x);
}

template <class T>
void from_json(const nlohmann::json& j, CowList<T>& list) {
  list.clear();
  for (const auto& x : j) list.push_back(x.get<T>());
}

}  // namespace druzina::campaign
