/// Facts about an S&P 500 company, from the bundled constituents file.
public struct CompanyProfile: Sendable, Equatable, Hashable, Codable {
    public var symbol: String
    /// The company's name as the S&P list writes it ("Apple Inc.").
    public var name: String
    /// GICS sector, e.g. "Information Technology".
    public var sector: String
    /// GICS sub-industry, e.g. "Technology Hardware, Storage & Peripherals".
    public var industry: String
    /// City and state, e.g. "Cupertino, California".
    public var headquarters: String
    /// The year (or years, as written) the company was founded, e.g. "1977"; may be empty.
    public var founded: String

    public init(symbol: String, name: String, sector: String, industry: String, headquarters: String, founded: String) {
        self.symbol = symbol
        self.name = name
        self.sector = sector
        self.industry = industry
        self.headquarters = headquarters
        self.founded = founded
    }
}
