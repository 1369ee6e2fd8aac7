// Where a receiver's VTG sits in its cycle: after the timed sentences of its own epoch, or at
// the start of the next one (an airborne receiver sends `$GPRMC,110125,A,…,148.8,84.6,…` and
// then `$GPVTG,83.7,T,,M,146.3,N,…`, which are 11:01:26's speed and course).

/// Speed (m/s) and course (°) as one sentence gave them.
package struct Motion: Equatable {
  package var speed: Double
  package var course: Double

  /// Whether two sentences state the same motion (to the last digit receivers print:
  /// 0.03 m/s ≈ 0.06 kn, 0.06°).
  package func agrees(with other: Motion) -> Bool {
    abs(speed - other.speed) < 0.03 && abs(course - other.course) < 0.06
  }
}

/// Learns from the receiver's own values whether its VTG opens the next epoch: a VTG sent
/// after an epoch's RMC that states the *next* RMC's speed and course, and not its own
/// epoch's, is one vote; two votes in a row make VTG an opener (it then starts the next epoch
/// instead of joining the one in progress, so that epoch is reported on its own last
/// sentence, not a cycle late); one VTG that states its own epoch's RMC undoes it. Equal
/// motions (a receiver standing still) prove nothing and do not vote.
package struct VTGOrder {
  /// The last closed epoch's RMC motion and the VTG that followed it (or opened the next).
  private var previous: (rmc: Motion?, vtg: Motion?)?
  private var votes = 0

  /// Whether VTG starts the next epoch.
  private(set) var opensEpochs = false

  /// Takes a closed epoch's RMC motion, the VTG after its RMC (`trailing`) and the VTG that
  /// opened it (`leading`, only while VTG is known to open epochs).
  package mutating func observe(rmc: Motion?, trailing: Motion?, leading: Motion?) {
    if let rmc, let before = previous?.rmc {
      if let vtg = previous?.vtg ?? leading {
        vote(vtg, this: rmc, before: before)
      }
    }
    previous = (rmc, opensEpochs ? nil : trailing)
  }

  /// A timed sentence of the epoch a VTG closed arrived after it: this receiver's VTG does not
  /// open the next epoch, whatever the votes said (learned wrongly, it would otherwise stay
  /// learned: an epoch that a VTG opens holds no RMC to vote with).
  package mutating func contradicted() {
    votes = 0
    opensEpochs = false
    previous = nil
  }

  private mutating func vote(_ vtg: Motion, this rmc: Motion, before: Motion) {
    let matchesThis = vtg.agrees(with: rmc)
    let matchesBefore = vtg.agrees(with: before)
    if matchesThis && !matchesBefore {
      votes += 1
      if votes >= 2 { opensEpochs = true }
    } else if matchesBefore && !matchesThis {
      votes = 0
      opensEpochs = false
    }
  }
}
