// swift-tools-version:6.1
// swift-openapi-generator, pinned, for scripts/generate-client: BourseClient's code is generated
// once from the API's document and committed (the build plugin would add the generator's build to
// every fresh build of the package), and checked against the document by that script.
import PackageDescription

let package = Package(
    name: "ClientGenerator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", exact: "1.14.3")
    ],
    targets: []
)
