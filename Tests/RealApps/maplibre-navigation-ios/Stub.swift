// Written for this test target (not from maplibre-navigation-ios): BundleAdditions.swift names
// RouteController, which lives in a file not taken (RouteController.swift, routing and UI).
class RouteController {}
