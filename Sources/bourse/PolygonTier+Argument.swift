import ArgumentParser
import Bootstrap

extension PolygonTier: ExpressibleByArgument {}
