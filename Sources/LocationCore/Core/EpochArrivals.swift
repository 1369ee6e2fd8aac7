/// When each epoch's first byte arrived: the arrival of the read that held the first byte of
/// the epoch's first sentence. A sentence split across reads began in the read where its line
/// began (the framer carried it), not in the one that completed it: at 9600 baud a sentence
/// takes 70 ms to arrive, in many reads. Kept by the engine's core only while a subscriber
/// wants timings (``PipelineConfig/tapsTiming``); nothing is allocated per read or sentence.
package struct EpochArrivals {
  /// One arrival, on both clocks, nanoseconds.
  package struct Arrival: Equatable {
    var monotonic: Int64
    var realtime: Int64
  }

  private var read = Arrival(monotonic: 0, realtime: 0)
  private var readNumber = 0
  /// Where the line the framer carries into the next read began.
  private var carried: Arrival?
  /// Where this read's first complete sentence began.
  private var firstLine = Arrival(monotonic: 0, realtime: 0)
  private var sentencesInRead = 0
  /// Where the sentence being merged began.
  private var current = Arrival(monotonic: 0, realtime: 0)
  private var lastEpochNumber = 0
  /// The epochs begun and not reported yet, oldest first: the read in which each began (its
  /// `startRead`) and the arrival of its first byte. At most a few (``limit``).
  private var begun: [(read: Int, arrival: Arrival)] = []
  private static let limit = 8

  package init() { begun.reserveCapacity(Self.limit + 1) }

  /// A read is about to be decoded: its number and arrival, and whether the framer carries a
  /// line begun in an earlier read.
  package mutating func beginRead(_ number: Int, at arrival: Arrival, carrying: Bool) {
    readNumber = number
    read = arrival
    firstLine = carrying ? (carried ?? arrival) : arrival
    sentencesInRead = 0
  }

  /// A sentence was decoded (any kind), before it is merged.
  package mutating func sawSentence() {
    current = sentencesInRead == 0 ? firstLine : read
    sentencesInRead += 1
  }

  /// A sentence was merged and the assembler's epoch number is now `epochNumber`: a new
  /// number means the epoch began with this sentence.
  package mutating func merged(epochNumber: Int) {
    guard epochNumber != lastEpochNumber else { return }
    lastEpochNumber = epochNumber
    if begun.count == Self.limit { begun.removeFirst() }
    begun.append((readNumber, current))
  }

  /// The read was decoded: whether the framer now carries a line into the next one.
  package mutating func endRead(carrying: Bool) {
    guard carrying else {
      carried = nil
      return
    }
    // A line begun before this read and still not complete keeps its start.
    if sentencesInRead > 0 || carried == nil { carried = read }
  }

  /// The arrival of the first byte of the epoch reported now, which began in read
  /// `startRead`: the oldest begun there (epochs are reported in order; ones begun earlier
  /// and never reported are forgotten).
  package mutating func reported(startRead: Int) -> Arrival? {
    while let first = begun.first, first.read < startRead { begun.removeFirst() }
    guard let first = begun.first, first.read == startRead else { return nil }
    begun.removeFirst()
    return first.arrival
  }
}
