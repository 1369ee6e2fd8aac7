//
//  File.swift
//  
//
//  Created by Carlos López on 11/04/24.
//

import Foundation

public enum LocationAuthorizationType {
    case once
    case whenInUse
    case always
}
