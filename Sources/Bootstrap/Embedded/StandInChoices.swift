// The stand-ins' settings the command line takes as arguments (`bourse sim --tier`, `--gnb-data`,
// `--slow`), given from here so that the executable needs Bootstrap alone.
@_exported import enum StandIns.GNBSampleSet
@_exported import struct StandIns.PathDelay
@_exported import enum StandIns.PolygonTier
