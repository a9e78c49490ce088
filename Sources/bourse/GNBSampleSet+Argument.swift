import ArgumentParser
import Bootstrap

extension GNBSampleSet: ExpressibleByArgument {}
