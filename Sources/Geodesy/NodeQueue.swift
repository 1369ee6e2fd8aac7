// The frontier of a nearest-first tree search: a binary min-heap of nodes by their squared
// chord lower bound.

/// Tree nodes waiting to be searched, nearest bound first.
struct NodeQueue {
  /// A node with its slot range and the squared lower bound of chords to anything in it.
  struct Entry {
    var bound: Double
    var node: Int32
    var lo: Int32
    var hi: Int32
  }

  private var heap: [Entry] = []

  init() { heap.reserveCapacity(64) }

  /// Adds a node.
  mutating func push(_ e: Entry) {
    heap.append(e)
    var i = heap.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard heap[i].bound < heap[parent].bound else { break }
      heap.swapAt(i, parent)
      i = parent
    }
  }

  /// Removes and returns the node with the smallest bound.
  mutating func pop() -> Entry? {
    guard let last = heap.popLast() else { return nil }
    guard !heap.isEmpty else { return last }
    let top = heap[0]
    heap[0] = last
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var smallest = i
      if l < heap.count && heap[l].bound < heap[smallest].bound { smallest = l }
      if r < heap.count && heap[r].bound < heap[smallest].bound { smallest = r }
      if smallest == i { break }
      heap.swapAt(i, smallest)
      i = smallest
    }
    return top
  }
}
