import BourseCore
import Testing

@Suite("ListingsParser")
struct ListingsParserTests {
    static let nasdaqHeader =
        "Symbol,Company Name,Security Name,Market Category,Test Issue,Financial Status,Round Lot Size,ETF,NextShares\n"
    static let otherHeader =
        "ACT Symbol,Company Name,Security Name,Exchange,CQS Symbol,ETF,Round Lot Size,Test Issue,NASDAQ Symbol\n"

    @Test(
        "class wording is removed from company names",
        arguments: [
            ("Agilent Technologies, Inc. Common Stock", "Agilent Technologies, Inc."),
            ("Alcoa Corporation Common Stock ", "Alcoa Corporation"),
            ("Artius II Acquisition Inc. Class A Ordinary Shares", "Artius II Acquisition Inc."),
            ("Zevia PBC Class A Common Stock", "Zevia PBC"),
            ("Berkshire Hathaway Inc. New Common Stock", "Berkshire Hathaway Inc."),
            ("Coca-Cola Company (The) Common Stock", "Coca-Cola Company (The)"),
            (
                "Alibaba Group Holding Limited American Depositary Shares each representing eight Ordinary share",
                "Alibaba Group Holding Limited"
            ),
            ("Banco Santander - Chile ADS", "Banco Santander - Chile"),
            ("Acme United Corporation. Common Stock", "Acme United Corporation."),
            ("Abundia Global Impact Group Inc. Common stock", "Abundia Global Impact Group Inc."),
            ("Brookfield Business Corp Class A Exchangeable Subordinate Voting Shares", "Brookfield Business Corp"),
            ("AT&T Inc.", "AT&T Inc."),
            ("iShares MSCI ACWI ETF", "iShares MSCI ACWI ETF"),
            ("First Class Holdings Inc.", "First Class Holdings Inc."),
            (
                "Arbor Realty Trust 6.375% Series D Cumulative Redeemable Preferred Stock",
                "Arbor Realty Trust 6.375% Series D Cumulative Redeemable Preferred Stock"
            ),
            ("Common Stock", "Common Stock"),
            ("Oshkosh Corporation (Holding Company)Common Stock", "Oshkosh Corporation (Holding Company)"),
            ("Blackrock MuniYield New York Quality Fund, Inc.Common Stock", "Blackrock MuniYield New York Quality Fund, Inc."),
            (
                "Cohen & Steers Select Preferred and Income Fund, Inc. Common Stock",
                "Cohen & Steers Select Preferred and Income Fund, Inc."
            ),
            ("GameStop Corporation Warrants to Purchase Common Stock", "GameStop Corporation Warrants to Purchase Common Stock"),
        ])
    func cleanName(raw: String, expected: String) {
        #expect(ListingsParser.cleanName(raw) == expected)
    }

    @Test("NASDAQ rows: quoted commas, ETFs, test issues and the footer")
    func nasdaq() throws {
        let text =
            Self.nasdaqHeader + """
                AAL,"American Airlines Group, Inc.","American Airlines Group, Inc. - Common Stock",Q,N,N,100,N,N
                AAAP,Pacer Barings CLO Market Flex ETF,Pacer Barings CLO Market Flex ETF,G,N,N,100,Y,N
                ZXZZT,NASDAQ TEST STOCK,NASDAQ TEST STOCK,G,Y,N,100,N,N
                GOOGL,Alphabet Inc.,Alphabet Inc. - Class A Common Stock,Q,N,N,40,N,N
                NEWC,,New Company Inc. - Class A Common Stock,G,N,N,100,N,N
                File Creation Time: 0731202621:31,,,,,,,,
                ,,,,,,,,

                """
        let listings = try ListingsParser.nasdaq(text)
        #expect(
            listings == [
                Listing(symbol: "AAL", name: "American Airlines Group, Inc.", exchange: .nasdaq, isETF: false),
                Listing(symbol: "AAAP", name: "Pacer Barings CLO Market Flex ETF", exchange: .nasdaq, isETF: true),
                Listing(symbol: "GOOGL", name: "Alphabet Inc.", exchange: .nasdaq, isETF: false),
                Listing(symbol: "NEWC", name: "New Company Inc.", exchange: .nasdaq, isETF: false),
            ])
    }

    @Test("other-listed rows: NYSE, NYSE American and NYSE Arca kept, BZX skipped, names from Security Name")
    func otherListed() throws {
        let text =
            Self.otherHeader + """
                A,"Agilent Technologies, Inc. Common Stock","Agilent Technologies, Inc. Common Stock",N,A,N,100.0,N,A
                BRK.B,Berkshire Hathaway Inc. New Common Stock,Berkshire Hathaway Inc. New Common Stock,N,BRK.B,N,40.0,N,BRK.B
                KO,Coca,Coca-Cola Company (The) Common Stock,N,KO,N,100.0,N,KO
                ACU,Acme United Corporation. Common Stock,Acme United Corporation. Common Stock,A,ACU,N,100.0,N,ACU
                ZVOL,Volatility Premium Plus ETF,Volatility Premium Plus ETF,Z,ZVOL,Y,100.0,N,ZVOL
                SPY,SPDR S&P 500 ETF Trust,SPDR S&P 500 ETF Trust,P,SPY,Y,100.0,N,SPY
                GLDX,Gold Trust ETF,Gold Trust ETF,A,GLDX,Y,100.0,N,GLDX
                TSTX,Test Stock,Test Stock,N,TSTX,N,100.0,Y,TSTX
                """
        let listings = try ListingsParser.otherListed(text)
        #expect(listings.map(\.symbol) == ["A", "BRK.B", "KO", "ACU", "SPY", "GLDX"])
        #expect(listings[0].name == "Agilent Technologies, Inc.")
        #expect(listings[1].name == "Berkshire Hathaway Inc.")
        #expect(listings[2].name == "Coca-Cola Company (The)")
        #expect(listings[3] == Listing(symbol: "ACU", name: "Acme United Corporation.", exchange: .nyseAmerican, isETF: false))
        #expect(listings[4] == Listing(symbol: "SPY", name: "SPDR S&P 500 ETF Trust", exchange: .nyseArca, isETF: true))
        #expect(listings[5].isETF)
    }

    @Test("CRLF line ends and doubled quotes")
    func crlfAndQuotes() throws {
        let text =
            "Symbol,Company Name,Security Name,Market Category,Test Issue,Financial Status,Round Lot Size,ETF,NextShares\r\n"
            + "QQQ,\"The \"\"Nasdaq\"\" Trust\",Invesco QQQ Trust,G,N,N,100,Y,N\r\n"
        let listings = try ListingsParser.nasdaq(text)
        #expect(listings == [Listing(symbol: "QQQ", name: "The \"Nasdaq\" Trust", exchange: .nasdaq, isETF: true)])
    }

    @Test(
        "broken files are refused with the line and the reason",
        arguments: [
            ("Symbol,Name\nA,B\n", ListingsError.missingColumn("Company Name", found: ["Symbol", "Name"])),
            (
                nasdaqHeader + "AAL,\"American Airlines,N,N\n",
                ListingsError.malformedCSV(line: 2, reason: "a quoted field is never closed")
            ),
            (nasdaqHeader + "AAL,American Airlines,N\n", ListingsError.badRow(line: 2, reason: "expected 9 fields, found 3")),
            ("", ListingsError.malformedCSV(line: 1, reason: "the file is empty")),
        ])
    func refused(text: String, expected: ListingsError) {
        #expect(throws: expected) { try ListingsParser.nasdaq(text) }
    }

    @Test("S&P 500 profiles with quoted headquarters")
    func profiles() throws {
        let text = """
            Symbol,Security,GICS Sector,GICS Sub-Industry,Headquarters Location,Date added,CIK,Founded
            MMM,3M,Industrials,Industrial Conglomerates,"Saint Paul, Minnesota",1957-03-04,66740,1902
            BRK.B,Berkshire Hathaway,Financials,Multi-Sector Holdings,"Omaha, Nebraska",2010-02-16,1067983,1839

            """
        let profiles = try ListingsParser.profiles(text)
        #expect(
            profiles == [
                CompanyProfile(
                    symbol: "MMM", name: "3M", sector: "Industrials", industry: "Industrial Conglomerates",
                    headquarters: "Saint Paul, Minnesota", founded: "1902"),
                CompanyProfile(
                    symbol: "BRK.B", name: "Berkshire Hathaway", sector: "Financials",
                    industry: "Multi-Sector Holdings", headquarters: "Omaha, Nebraska", founded: "1839"),
            ])
    }

    @Test("price levels parse exactly, and bad values are refused")
    func priceLevels() throws {
        let levels = try ListingsParser.priceLevels(
            "symbol,last_close,daily_volatility,average_volume\nAAPL,159.54,0.01194,27716680\n")
        #expect(
            levels == [PriceLevel(symbol: "AAPL", lastClose: "159.54", dailyVolatility: "0.01194", averageVolume: 27_716_680)])
        #expect(throws: ListingsError.self) {
            try ListingsParser.priceLevels("symbol,last_close,daily_volatility,average_volume\nAAPL,-1,0.01,5\n")
        }
    }
}
