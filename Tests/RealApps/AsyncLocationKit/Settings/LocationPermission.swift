//
//  File.swift
//  
//
//  Created by Pavel Grechikhin on 29.10.2022.
//

import Foundation

public enum LocationPermission {
    case always
    case whenInUsage
}
