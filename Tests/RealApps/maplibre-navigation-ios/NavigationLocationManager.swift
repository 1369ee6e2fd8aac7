#if canImport(CoreLocation)
import CoreLocation
#else
import OpenCoreLocation
#endif
import Foundation
#if os(iOS)
import UIKit
#endif

/**
 `NavigationLocationManager` is the base location manager which handles permissions and background modes.
 */
open class NavigationLocationManager: CLLocationManager, NSCopying {
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = NavigationLocationManager()
        copy.lastKnownLocation = self.lastKnownLocation
        return copy
    }
    
    var lastKnownLocation: CLLocation?
    
    override public init() {
        super.init()
        
        requestWhenInUseAuthorization()
        
        if Bundle.main.backgroundModes.contains("location") {
            allowsBackgroundLocationUpdates = true
        }
    }
}
