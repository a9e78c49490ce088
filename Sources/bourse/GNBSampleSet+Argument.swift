import ArgumentParser
import StandIns

extension GNBSampleSet: ExpressibleByArgument {}
