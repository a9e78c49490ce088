import ArgumentParser
import StandIns

extension PolygonTier: ExpressibleByArgument {}
