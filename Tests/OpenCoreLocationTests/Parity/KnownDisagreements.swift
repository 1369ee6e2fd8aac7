// Every epoch where our fix differs from gpsd 3.22's last TPV, with the raw sentences (GSV and
// proprietary lines left out) and why ours is right. The parity test fails on any disagreement
// not listed here, and on any entry here that no longer disagrees.

/// Why an epoch differs from gpsd 3.22.
enum DisagreementReason: String {
  /// GGA counts fewer than 3 satellites (`00`), but the receiver calls the fix valid: GGA
  /// quality 1 or 2 (the Hemisphere's `$GPGGA,194050.00,…,1,00,3.3,10.835,M,…` with VTG mode
  /// `A`), RMC status `A`, GNS and GSA listing 3 or more (Furuno GNS says 11). A count left at
  /// 00 is not a lost fix: gpsd 3.22 (and for the Hemisphere gpsd master too) drops it; we keep
  /// it (and Furuno's NMEA 4.1 navigational status `V` means "no status given", not
  /// "invalid").
  case fewGGASatellites
  /// gpsd reported the epoch on a sentence before its last ones (a VTG after GLL or GGA, an RMC
  /// after GGA/GNS in the first cycle), so its last TPV lacks their speed and course, or has a
  /// speed it derived from positions instead. Our fix is reported once the epoch is complete,
  /// with the receiver's own speed and course.
  case gpsdReportedEarly
  /// Only 3 satellites used (GSA mode 2 and/or a GGA count of 3): a 2D fix whose altitude is
  /// held, not measured — 3D needs 4. gpsd calls it 3D because an altitude field is present.
  case threeSatellites
  /// The receiver marks the epoch invalid (RMC or GLL status `V`, GGA quality 0, GSA mode 1,
  /// Garmin simulator `V`/`S`): never a fix. gpsd shows a mode from other sentences.
  case receiverSaysInvalid
  /// The capture begins mid-cycle: the VTG before the first GGA belongs to that epoch (this
  /// receiver sends RMC VTG GGA … per cycle), so our first fix has its speed and course.
  case captureBeganMidCycle
  /// The previous fix is more than 5 s older (a gap in the capture): gpsd derives a speed from
  /// positions that far apart; we do not.
  case noSpeedAcrossGap
  /// GSA says 2D (mode 2) while GGA counts 4 or more satellites and sends an altitude: the
  /// receiver's own word is a 2D fix, whose altitude is held, not measured (ch-4711's 165.6 m
  /// and the Telit PLS83-W's 250.8 m do not move). gpsd 3.22 calls it 3D from the count and
  /// the altitude.
  case gsaSaysTwoD
  /// The receiver's clock stepped back (humminbird: 19:41:24 → 19:41:11, as the capture's
  /// header notes; bt451: 15:25 → 14:33 after a 52-minute gap). The first epoch of the step
  /// is a second or more older than the last fix and cannot be told from a stale sentence
  /// until the next epoch follows it: it is no fix, and fixes go on from the next epoch.
  /// gpsd 3.22 reports it (for bt451 with a day added by its midnight logic).
  case clockSteppedBack
  /// An epoch of GLL alone 22 s after the last epoch with an altitude: nothing in it (no
  /// GGA, no GSA), nor in the 5 s before it, says 3D, so it is 2D and has no altitude
  /// (`$GPGLL,4527.458,S,16709.165,E,225333,A`); gpsd 3.22 keeps the mode of an epoch before
  /// the gap.
  case modeAfterGap
}

/// One listed disagreement.
struct KnownDisagreement {
  /// `capture@hh:mm:ss.sss`.
  var key: String
  /// The fields that differ.
  var fields: [String]
  /// Why ours is right.
  var reason: DisagreementReason
  /// The capture's sentences of that epoch.
  var sentences: String

  init(_ key: String, _ fields: [String], _ reason: DisagreementReason, _ sentences: String) {
    self.key = key
    self.fields = fields
    self.reason = reason
    self.sentences = sentences
  }
}

/// The list: these, and those of issue 22's rules (KnownDisagreementsGSA.swift).
let knownDisagreements: [KnownDisagreement] = listedBefore22 + listedBy22

/// The disagreements listed before issue 22.
private let listedBefore22: [KnownDisagreement] = [
  KnownDisagreement(
    "beidou-bd@07:41:55.799", ["speed", "track"], .gpsdReportedEarly,
    """
    $GNGGA,074155.799,3114.8770,N,12135.2463,E,1,05,1.3,156.9,M,8.3,M,,0000,4.9*77
    $GNGNS,074155.799,3114.8770,N,12135.2463,E,ANNA,05,1.3,156.9,8.3,,0000*52
    $GPGSA,A,3,25,32,,,,,,,,,,,5.1,1.3,4.9,3.3*3D
    $BDGSA,A,3,02,03,04,,,,,,,,,,5.1,1.3,4.9,3.3*2F
    $GNRMC,074155.799,A,3114.8770,N,12135.2463,E,0.30,4.94,250215,,,A*76
    $PSRFEPE,074156.799,A,1.1,64.94,58.97,0.2,180.0*1B
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:14.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120214.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0D
    $GNGNS,120214.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*50
    $GNGGA,120214.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4D
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120214.000,31,07,2022,+00,00*7E
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:15.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120215.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0C
    $GNGNS,120215.000,5957.0062,N,01100.6429,E,NDD,10,1.3,168.9,39.5,,,V*50
    $GNGGA,120215.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4C
    $GNGSA,A,3,68,69,78,84,85,,,,,,,,1.5,1.3,1.0,2*3A
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120215.000,31,07,2022,+00,00*7F
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:16.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120216.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0F
    $GNGNS,120216.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*52
    $GNGGA,120216.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4F
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120216.000,31,07,2022,+00,00*7C
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:17.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120217.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0E
    $GNGNS,120217.000,5957.0062,N,01100.6429,E,NDD,10,1.3,168.9,39.5,,,V*52
    $GNGGA,120217.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4E
    $GNGSA,A,3,68,69,78,84,85,,,,,,,,1.5,1.3,1.0,2*3A
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120217.000,31,07,2022,+00,00*7D
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:18.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120218.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*01
    $GNGNS,120218.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*5C
    $GNGGA,120218.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*41
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120218.000,31,07,2022,+00,00*72
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:19.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120219.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*00
    $GNGNS,120219.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*5D
    $GNGGA,120219.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*40
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120219.000,31,07,2022,+00,00*73
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:20.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120220.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0A
    $GNGNS,120220.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*57
    $GNGGA,120220.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4A
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120220.000,31,07,2022,+00,00*79
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:21.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120221.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0B
    $GNGNS,120221.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*56
    $GNGGA,120221.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4B
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120221.000,31,07,2022,+00,00*78
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:22.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120222.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*08
    $GNGNS,120222.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*55
    $GNGGA,120222.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*48
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120222.000,31,07,2022,+00,00*7B
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:23.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120223.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*09
    $GNGNS,120223.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*54
    $GNGGA,120223.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*49
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120223.000,31,07,2022,+00,00*7A
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:24.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120224.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0E
    $GNGNS,120224.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*53
    $GNGGA,120224.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4E
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120224.000,31,07,2022,+00,00*7D
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:25.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120225.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0F
    $GNGNS,120225.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*52
    $GNGGA,120225.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4F
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120225.000,31,07,2022,+00,00*7C
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:26.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120226.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0C
    $GNGNS,120226.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*51
    $GNGGA,120226.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4C
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120226.000,31,07,2022,+00,00*7F
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:27.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120227.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0D
    $GNGNS,120227.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*50
    $GNGGA,120227.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*4D
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120227.000,31,07,2022,+00,00*7E
    """),
  KnownDisagreement(
    "furuno_gl_ga@12:02:28.000", ["mode"], .fewGGASatellites,
    """
    $GNRMC,120228.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*02
    $GNGNS,120228.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*5F
    $GNGGA,120228.000,5957.0062,N,01100.6429,E,2,00,1.3,168.9,M,39.5,M,,*42
    $GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D
    $GNGSA,A,3,04,05,09,11,36,,,,,,,,1.5,1.3,1.0,3*39
    $GPZDA,120228.000,31,07,2022,+00,00*71
    """),
  KnownDisagreement(
    "garmin-10x@16:50:09.000", ["mode"], .threeSatellites,
    """
    $GPGGA,165009.000,4143.6058,N,08338.0787,W,1,03,7.2,203.9,M,-33.7,M,,0000*60
    $GPGSA,A,2,31,16,29,,,,,,,,,,7.3,7.2,1.0*3D
    $GPRMC,165009.000,A,4143.6058,N,08338.0787,W,0.60,231.03,180710,,,A*7C
    """),
  KnownDisagreement(
    "garmin-10x@16:50:44.000", ["mode"], .threeSatellites,
    """
    $GPGGA,165044.000,4143.5985,N,08338.0820,W,1,03,2.2,204.1,M,-33.7,M,,0000*6B
    $GPGSA,A,2,31,23,16,,,,,,,,,,2.4,2.2,1.0*30
    $GPRMC,165044.000,A,4143.5985,N,08338.0820,W,0.00,,180710,,,A*66
    """),
  KnownDisagreement(
    "garmin-geko201@21:43:50.000", ["mode"], .receiverSaysInvalid,
    """
    $GPRMC,214350,V,4023.8600,N,00339.1630,W,10.8,0.0,140605,2.5,W,S*21
    $GPRMB,V,,,,,,,,,,,,A,S*0E
    $GPGGA,214350,4023.8600,N,00339.1630,W,8,09,2.0,695.7,M,51.6,M,,*5A
    $GPGSA,A,3,01,02,04,05,06,09,14,25,30,,,,3.6,2.0,3.0*3A
    $GPGLL,4023.8600,N,00339.1630,W,214350,V,S*57
    $GPBOD,,T,,M,,*47
    $PGRME,15.0,M,22.5,M,27.0,M*1A
    $PGRMZ,2282,f,3*21
    $GPRTE,1,1,c,*37
    """),
  KnownDisagreement(
    "garmin48@22:53:33.000", ["mode"], .modeAfterGap,
    """
    $GPGLL,4527.458,S,16709.165,E,225333,A*37
    $GPBOD,,T,,M,,*47
    $GPRTE,1,1,c,0*07
    """),
  KnownDisagreement(
    "gp-320fw-2019-04-07-coldboot@00:03:43.030", ["speed", "track"], .captureBeganMidCycle,
    """
    $GPGGA,000343.03,4808.9993,N,01135.0798,E,1,04,01.4,00460.0,M,0046.2,M,,*56
    $GPGSA,A,3,20,,,,13,31,,04,,,,,02.7,01.4,02.3*05
    $GPGLL,4808.9993,N,01135.0798,E,000343.03,A,A*60
    """),
  KnownDisagreement(
    "haicom-305N@09:53:04.802", ["mode"], .fewGGASatellites,
    """
    $GPGGA,095304.802,2712.6520,S,15303.1397,E,1,00,17.0,3.0,M,42.2,M,,*7E
    $GPGSA,A,2,05,12,30,,,,,,,,,,17.0,17.0,0.0*36
    $GPRMC,095304.802,A,2712.6520,S,15303.1397,E,0.00,133.96,080407,,,A*78
    $GPVTG,133.96,T,,,0.00,N,0.00,K,A*7E
    """),
  KnownDisagreement(
    "hemi@19:40:50.000", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194050.00,4221.8237733,N,07101.9411707,W,1,00,3.3,10.835,M,-33.320,M,,*62
    $GPVTG,330.63,T,345.26,M,0.00,N,0.00,K,A*20
    $GPZDA,194050.00,07,09,2018,00,00*6A
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:50.500", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194050.50,4221.8237941,N,07101.9410746,W,1,00,3.3,10.526,M,-33.320,M,,*67
    $GPVTG,156.55,T,171.19,M,0.00,N,0.00,K,A*2E
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:51.000", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194051.00,4221.8238054,N,07101.9410555,W,1,00,3.3,10.862,M,-33.320,M,,*6C
    $GPVTG,107.68,T,122.32,M,0.00,N,0.00,K,A*2B
    $GPZDA,194051.00,07,09,2018,00,00*6B
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:51.500", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194051.50,4221.8239037,N,07101.9411896,W,1,00,3.3,10.870,M,-33.057,M,,*6E
    $GPVTG,256.17,T,270.81,M,0.00,N,0.00,K,A*28
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:52.000", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194052.00,4221.8238929,N,07101.9412731,W,1,00,3.3,11.392,M,-33.057,M,,*68
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPZDA,194052.00,07,09,2018,00,00*68
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:52.500", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194052.50,4221.8238140,N,07101.9412553,W,1,00,3.3,11.515,M,-33.057,M,,*65
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:53.000", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194053.00,4221.8238450,N,07101.9411940,W,1,00,3.3,11.243,M,-33.057,M,,*6C
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPZDA,194053.00,07,09,2018,00,00*69
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:53.500", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194053.50,4221.8238406,N,07101.9413037,W,1,00,3.3,10.806,M,-33.057,M,,*6B
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:54.000", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194054.00,4221.8237822,N,07101.9413821,W,1,00,3.3,10.688,M,-33.057,M,,*6B
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPZDA,194054.00,07,09,2018,00,00*6E
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:54.500", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194054.50,4221.8236855,N,07101.9414891,W,1,00,3.3,11.031,M,-33.057,M,,*66
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:55.000", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194055.00,4221.8236802,N,07101.9416175,W,1,00,3.3,11.308,M,-33.057,M,,*68
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPZDA,194055.00,07,09,2018,00,00*6F
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:55.500", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194055.50,4221.8236693,N,07101.9416028,W,1,00,3.3,11.111,M,-33.057,M,,*68
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:56.000", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194056.00,4221.8236359,N,07101.9416800,W,1,00,3.3,11.217,M,-33.057,M,,*6A
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPZDA,194056.00,07,09,2018,00,00*6C
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:56.500", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194056.50,4221.8236184,N,07101.9416602,W,1,00,3.3,11.389,M,-33.057,M,,*67
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:57.000", ["mode"], .fewGGASatellites,
    """
    $GPGGA,194057.00,4221.8236070,N,07101.9417726,W,1,00,3.3,11.706,M,-33.057,M,,*6C
    $GPVTG,74.45,T,89.09,M,0.00,N,0.00,K,A*29
    $GPZDA,194057.00,07,09,2018,00,00*6D
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:57.500", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,194057.50,4221.8237090,N,07101.9439268,W,1,04,1.4,7.671,M,-33.057,M,,*52
    $GPVTG,97.75,T,112.39,M,0.04,N,0.07,K,A*14
    $GPHDT,,T*1B
    """),
  KnownDisagreement(
    "hemi@19:40:58.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,194058.00,4221.8236441,N,07101.9438734,W,1,04,1.4,6.786,M,-33.057,M,,*54
    $GPVTG,346.88,T,1.52,M,0.04,N,0.07,K,A*27
    $GPZDA,194058.00,07,09,2018,00,00*62
    $GPHDT,274.07,T*03
    """),
  KnownDisagreement(
    "hemi@19:40:58.500", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,194058.50,4221.8236149,N,07101.9438435,W,1,04,1.4,6.668,M,-33.057,M,,*5F
    $GPVTG,237.64,T,252.28,M,0.02,N,0.04,K,A*2E
    $GPHDT,274.04,T*00
    """),
  KnownDisagreement(
    "hemi@19:40:59.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,194059.00,4221.8235923,N,07101.9438218,W,1,04,1.4,6.709,M,-33.057,M,,*53
    $GPVTG,150.20,T,164.83,M,0.02,N,0.05,K,A*2A
    $GPZDA,194059.00,07,09,2018,00,00*63
    $GPHDT,274.12,T*07
    """),
  KnownDisagreement(
    "hemi@19:40:59.500", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,194059.50,4221.8235724,N,07101.9438087,W,1,04,1.4,6.809,M,-33.057,M,,*54
    $GPVTG,183.70,T,198.32,M,0.02,N,0.04,K,A*29
    $GPHDT,274.11,T*04
    """),
  KnownDisagreement(
    "hemi@19:41:00.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,194100.00,4221.8235522,N,07101.9438007,W,1,04,1.4,6.914,M,-33.057,M,,*5D
    $GPVTG,196.33,T,210.95,M,0.03,N,0.06,K,A*27
    $GPZDA,194100.00,07,09,2018,00,00*6E
    """),
  KnownDisagreement(
    "hp58534a@22:24:49.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,222449,3349.0337,S,01843.9282,E,1,07,02.31,000115.4,M,0033.3,M,,
    $GPZDA,222449,25,10,2010,+00,00
    $GPVTG,318.0,T,341.9,M,000.0,N,0000.1,K,A
    $PFEC,GPtps,101025222449,3,1,1,090101000000,00,15,101025162124,1607,167104
    """),
  KnownDisagreement(
    "hp58534a@22:24:50.000", ["track"], .gpsdReportedEarly,
    """
    $GPGGA,222450,3349.0337,S,01843.9282,E,1,07,02.31,000115.4,M,0033.3,M,,
    $GPVTG,318.0,T,341.9,M,000.0,N,0000.1,K,A
    $PFEC,GPtps,101025222450,3,1,1,090101000000,00,15,101025162124,1607,167104
    """),
  KnownDisagreement(
    "humminbird-M37@19:41:06.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $INGLL,4426.1146,N,07140.5499,W,194106,A*26
    $INVTG,76.3,T,92.1,M,5.3,N,9.7,K*5E
    $INMTW,17.9,C*1B
    $INDPT,2.2,0.0*47
    """),
  KnownDisagreement(
    "humminbird-M37@19:41:10.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $INGLL,4426.1157,N,07140.5418,W,194110,A*28
    $INVTG,77.2,T,93.0,M,5.2,N,9.7,K*5F
    $INMTW,17.9,C*1B
    $INDPT,2.2,0.0*47
    """),
  KnownDisagreement(
    "humminbird-M37@19:41:12.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $INGLL,4426.1203,N,07140.5100,W,194112,A*24
    $INVTG,81.4,T,97.2,M,5.2,N,9.6,K*57
    $INMTW,18.0,C*1D
    $INDPT,2.3,0.0*46
    """),
  KnownDisagreement(
    "humminbird-M37@19:41:14.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $INGLL,4426.1173,N,07140.5337,W,194114,A*20
    $INVTG,76.0,T,91.8,M,5.2,N,9.6,K*57
    $INMTW,17.9,C*1B
    $INDPT,2.5,0.0*40
    """),
  KnownDisagreement(
    "humminbird-M37@19:41:16.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $INGLL,4426.1211,N,07140.5024,W,194116,A*24
    $INVTG,83.7,T,99.5,M,5.2,N,9.6,K*5F
    $INMTW,18.1,C*1C
    $INDPT,2.4,0.0*41
    """),
  KnownDisagreement(
    "humminbird-M37@19:41:18.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $INGLL,4426.1184,N,07140.5261,W,194118,A*26
    $INVTG,76.4,T,92.2,M,5.2,N,9.7,K*5B
    $INMTW,18.0,C*1D
    $INDPT,2.6,0.0*43
    """),
  KnownDisagreement(
    "humminbird-M37@19:41:22.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $INGLL,4426.1196,N,07140.5181,W,194122,A*21
    $INVTG,78.6,T,94.4,M,5.3,N,9.7,K*56
    $INMTW,18.0,C*1D
    $INDPT,2.4,0.0*41
    """),
  KnownDisagreement(
    "iTrek@15:16:06.055", ["mode"], .receiverSaysInvalid,
    """
    $GPRMC,151606.055,V,,,,,,,260705,,*2C
    $GPGSA,A,1,,,,*32
    $GPGSA,A,3,09,05,14,26,,,,,,,,,2.9,2.2,1.9*3C
    $GPGSA,A,3,09,05,14,26,,,,,,,,,2.9,2.2,1.9*3C
    $GPGSA,A,3,09,05,14,26,,,,,,,,,2.9,2.2,1.9*3C
    $GPGSA,A,3,09,05,14,26,,,,,,,,,2.9,2.2,1.9*3C
    $GPGSA,A,3,09,05,14,26,,,,,,,,,2.9,2.2,1.9*3C
    """),
  KnownDisagreement(
    "motorola-t805@21:26:14.879", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,212614.879,4839.9488,N,00214.8863,E,1,04,2.2,133.1,M,47.3,M,,0000*55
    $GPRMC,212614.879,A,4839.9488,N,00214.8863,E,0.56,344.41,181207,0,A*77
    """),
  KnownDisagreement(
    "motorola-t805@21:26:25.000", ["mode"], .threeSatellites,
    """
    $GPGGA,212625.000,4839.9411,N,00214.9065,E,1,03,3.1,168.0,M,47.3,M,,0000*54
    $GPRMC,212625.000,A,4839.9411,N,00214.9065,E,0.00,,181207,0,A*67
    """),
  KnownDisagreement(
    "motorola-t805@21:26:29.000", ["mode"], .threeSatellites,
    """
    $GPGGA,212629.000,4839.9411,N,00214.9065,E,1,03,3.1,168.0,M,47.3,M,,0000*58
    $GPRMC,212629.000,A,4839.9411,N,00214.9065,E,0.00,,181207,0,A*6B
    """),
  KnownDisagreement(
    "motorola-t805@21:26:30.000", ["mode"], .threeSatellites,
    """
    $GPGGA,212630.000,4839.9411,N,00214.9065,E,1,03,3.1,168.0,M,47.3,M,,0000*50
    $GPRMC,212630.000,A,4839.9411,N,00214.9065,E,0.00,,181207,0,A*63
    """),
  KnownDisagreement(
    "motorola-t805@21:26:31.000", ["mode"], .threeSatellites,
    """
    $GPGGA,212631.000,4839.9411,N,00214.9065,E,1,03,3.1,168.0,M,47.3,M,,0000*51
    $GPRMC,212631.000,A,4839.9411,N,00214.9065,E,0.00,,181207,0,A*62
    """),
  KnownDisagreement(
    "mtk-3301@08:14:34.590", ["mode"], .receiverSaysInvalid,
    """
    $GPGGA,081434.590,5212.978993,N,00653.097906,E,0,3,,102.907,M,47.093,M,,*42
    $GPRMC,081434.590,V,5212.978993,N,00653.097906,E,0.052,0.00,230808,,,N*46
    $GPVTG,0.00,T,,M,0.052,N,0.097,K,N*3B
    """),
  KnownDisagreement(
    "mtk-3301@08:14:36.000", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,081436.000,5212.982135,N,00653.101394,E,1,3,2.88,102.907,M,47.093,M,,*5F
    $GPRMC,081436.000,A,5212.982135,N,00653.101394,E,0.039,0.00,230808,,,A*53
    $GPVTG,0.00,T,,M,0.039,N,0.072,K,A*32
    """),
  KnownDisagreement(
    "mtk-3301@08:14:37.000", ["mode"], .threeSatellites,
    """
    $GPGGA,081437.000,5212.981473,N,00653.102458,E,1,3,2.88,102.907,M,47.093,M,,*5E
    $GPRMC,081437.000,A,5212.981473,N,00653.102458,E,0.039,0.00,230808,,,A*52
    $GPVTG,0.00,T,,M,0.039,N,0.073,K,A*33
    """),
  KnownDisagreement(
    "mtk-3301@08:14:38.000", ["mode"], .threeSatellites,
    """
    $GPGGA,081438.000,5212.982641,N,00653.105897,E,1,3,2.88,102.912,M,47.093,M,,*5D
    $GPRMC,081438.000,A,5212.982641,N,00653.105897,E,0.042,0.00,230808,,,A*59
    $GPVTG,0.00,T,,M,0.042,N,0.079,K,A*35
    """),
  KnownDisagreement(
    "mtk-3301@08:14:39.000", ["mode"], .threeSatellites,
    """
    $GPGGA,081439.000,5212.981832,N,00653.104686,E,1,3,2.88,102.930,M,47.093,M,,*5A
    $GPGSA,A,2,21,28,08,,,,,,,,,,3.05,2.88,1.00*07
    $GPRMC,081439.000,A,5212.981832,N,00653.104686,E,0.205,0.00,230808,,,A*5F
    $GPVTG,0.00,T,,M,0.205,N,0.379,K,A*37
    """),
  KnownDisagreement(
    "myguide-3100@10:50:27.800", ["mode"], .receiverSaysInvalid,
    """
    $GPGGA,105027.80,5612.9956,N,00306.6983,W,,3,2.506,160.002,M,,M,,*6D
    $GPRMC,105027.80,V,5612.9956,N,00306.6983,W,,,081009,,W,N*08
    $GPGSA,A,1,29,30,9,,,,,,,,,,2.597,2.506,0.681*06
    """),
  KnownDisagreement(
    "myguide-3100@10:50:28.800", ["mode"], .receiverSaysInvalid,
    """
    $GPGGA,105028.80,5612.9948,N,00306.7136,W,,3,2.506,160.002,M,,M,,*6A
    $GPRMC,105028.80,V,5612.9948,N,00306.7136,W,,,081009,,W,N*0F
    $GPGSA,A,1,29,30,9,,,,,,,,,,2.597,2.506,0.681*06
    """),
  KnownDisagreement(
    "myguide-3100@10:50:29.800", ["speed", "track"], .gpsdReportedEarly,
    """
    $GPGGA,105029.80,5612.9978,N,00306.7359,W,1,4,17.516,159.072,M,,M,,*6D
    $GPRMC,105029.80,A,5612.9978,N,00306.7359,W,0.174,318.057,081009,,W,A*14
    $GPGSA,A,3,29,2,30,9,,,,,,,,,23.570,17.516,15.771*03
    """),
  KnownDisagreement(
    "sl869@10:21:43.990", ["mode"], .threeSatellites,
    """
    $GPRMC,102143.990,A,3340.7753,S,15117.4475,E,6.7,155.8,251112,0.0,W*6D
    $GPGGA,102143.990,3340.7753,S,15117.4475,E,1,03,99.0,063.79,M,22.4,M,,*4B
    $GNGSA,A,2,10,17,12,,,,,,,,,,99.0,99.0,99.0*19
    $GNGSA,A,2,,,,,,,,,,,,,99.0,99.0,99.0*1D
    $GNGSA,A,2,,,,,,,,,,,,,99.0,99.0,99.0*1D
    """),
  KnownDisagreement(
    "sl869@10:21:44.000", ["mode"], .threeSatellites,
    """
    $GPRMC,102144.000,A,3340.7753,S,15117.4473,E,6.6,155.8,251112,0.0,W*6D
    $GPGGA,102144.000,3340.7753,S,15117.4473,E,1,03,99.0,063.79,M,22.4,M,,*4A
    $GNGSA,A,2,10,17,12,,,,,,,,,,99.0,99.0,99.0*19
    $GNGSA,A,2,,,,,,,,,,,,,99.0,99.0,99.0*1D
    $GNGSA,A,2,,,,,,,,,,,,,99.0,99.0,99.0*1D
    """),
  KnownDisagreement(
    "tomtom-mkII@17:57:38.000", ["mode"], .threeSatellites,
    """
    $GPGGA,175738,5125.8703,N,00524.2323,E,1,03,2.20,60.56,M,46.999,M,,*7C
    $GPRMC,175738,A,5125.8703,N,00524.2323,E,1.5881,253.161,200610,,*2C
    $GPGSA,A,2,14,30,31,,,,,,,,,,7.6,2.2,6.8*38
    $PGRME,0.00,M,0.00,M,29.40,M*21
    """),
  KnownDisagreement(
    "tomtom-mkII@17:57:39.000", ["mode"], .threeSatellites,
    """
    $GPGGA,175739,5125.8701,N,00524.2297,E,1,03,2.20,59.61,M,46.999,M,,*7F
    $GPRMC,175739,A,5125.8701,N,00524.2297,E,2.5365,244.610,200610,,*24
    $GPGSA,A,2,14,30,31,,,,,,,,,,7.6,2.2,6.8*38
    $PGRME,0.00,M,0.00,M,29.40,M*21
    """),
  KnownDisagreement(
    "ublox-lea-4h@03:08:58.000", ["mode"], .threeSatellites,
    """
    $GPRMC,030858.00,A,4907.85331,N,12243.19743,W,1.049,323.14,100806,,,A*76
    $GPVTG,323.14,T,,M,1.049,N,1.943,K,A*39
    $GPGGA,030858.00,4907.85331,N,12243.19743,W,1,03,9.97,516.7,M,-16.7,M,,*6C
    $GPGSA,A,2,28,04,02,,,,,,,,,,10.02,9.97,1.00*3A
    $GPGLL,4907.85331,N,12243.19743,W,030858.00,A,A*75
    $GPZDA,030858.00,10,08,2006,00,00*6D
    """),
  KnownDisagreement(
    "ublox-lea-4h@03:08:59.000", ["mode"], .threeSatellites,
    """
    $GPRMC,030859.00,A,4907.85396,N,12243.19848,W,1.321,323.21,100806,,,A*75
    $GPVTG,323.21,T,,M,1.321,N,2.448,K,A*37
    $GPGGA,030859.00,4907.85396,N,12243.19848,W,1,03,9.97,516.7,M,-16.7,M,,*64
    $GPGSA,A,2,28,04,02,,,,,,,,,,10.02,9.97,1.00*3A
    $GPGLL,4907.85396,N,12243.19848,W,030859.00,A,A*7D
    $GPZDA,030859.00,10,08,2006,00,00*6C
    """),
  KnownDisagreement(
    "ublox-lea-4h@03:09:00.000", ["mode"], .threeSatellites,
    """
    $GPRMC,030900.00,A,4907.85424,N,12243.19882,W,1.324,323.26,100806,,,A*72
    $GPVTG,323.26,T,,M,1.324,N,2.454,K,A*38
    $GPGGA,030900.00,4907.85424,N,12243.19882,W,1,03,9.98,516.7,M,-16.7,M,,*6E
    $GPGSA,A,2,28,04,02,,,,,,,,,,10.03,9.98,1.00*34
    $GPGLL,4907.85424,N,12243.19882,W,030900.00,A,A*78
    $GPZDA,030900.00,10,08,2006,00,00*61
    """),
  KnownDisagreement(
    "ublox-lea-4h@03:09:01.000", ["mode"], .threeSatellites,
    """
    $GPRMC,030901.00,A,4907.85444,N,12243.19906,W,1.458,323.25,100806,,,A*77
    $GPVTG,323.25,T,,M,1.458,N,2.702,K,A*37
    $GPGGA,030901.00,4907.85444,N,12243.19906,W,1,03,9.99,516.7,M,-16.7,M,,*65
    $GPGSA,A,2,28,04,02,,,,,,,,,,10.04,9.99,1.00*32
    $GPGLL,4907.85444,N,12243.19906,W,030901.00,A,A*72
    $GPZDA,030901.00,10,08,2006,00,00*60
    """),
  KnownDisagreement(
    "ublox-lea-5h@08:55:15.000", ["speed"], .noSpeedAcrossGap,
    """
    $GPGGA,085515.00,5155.55359,N,00434.65730,E,1,08,1.00,2.1,M,46.0,M,,*57
    $GPGSA,A,3,15,27,09,28,18,17,22,12,,,,,1.69,1.00,1.37*06
    $GPGLL,5155.55359,N,00434.65730,E,085515.00,A,A*6A
    """),
  KnownDisagreement(
    "venus634lp@08:50:32.000", ["speed", "track"], .captureBeganMidCycle,
    """
    $GPGGA,085032.00,5355.17581,N,02730.04649,E,1,04,17.30,267.5,M,25.0,M,,*65
    $GPGSA,A,3,18,21,24,15,,,,,,,,,18.95,17.30,7.74*0E
    $GPGLL,5355.17581,N,02730.04649,E,085032.00,A,A*60
    """),
]
