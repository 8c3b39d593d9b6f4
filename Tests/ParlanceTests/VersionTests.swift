import Testing
@testable import Parlance

@Test func versionNumberMatchesParts() {
    #expect(ParlanceVersion.number == ParlanceVersion.major * 10000 + ParlanceVersion.minor * 100 + ParlanceVersion.patch)
}
