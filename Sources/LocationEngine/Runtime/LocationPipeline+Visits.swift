// Visit monitoring in the pipeline (see ``VisitRule``): every current fix, delivered or not,
// goes to the detector; a visit begun or ended becomes a `.visit` event after the fix's own.
extension LocationPipeline {
  /// Starts (or, with nil, stops) visit monitoring; fixes of epochs that began earlier do not
  /// count.
  package mutating func watchVisits(_ rule: VisitRule?) {
    guard let rule else {
      visits = nil
      return
    }
    guard visits == nil else { return }
    visits = VisitDetector(rule: rule)
    visitsSince = now
  }

  /// A current fix for the detector.
  package mutating func addVisitFix(_ report: EpochReport, _ location: Fix) {
    guard let latitude = report.latitude, let longitude = report.longitude else { return }
    let time = location.timestamp
    let fix = VisitDetector.Fix(
      latitude: latitude, longitude: longitude, time: time, accuracy: report.horizontalAccuracy)
    if let visit = visits?.add(fix) { events.append(.visit(visit)) }
  }
}
