import DualCamCore
import Testing

/// The three outputs by name: dual view, front, back, always in that order.
@Suite struct OutputSetTests {
  @Test func rolesAreNamedAsTheFilesAndKnowTheirCameras() {
    #expect(OutputRole.allCases.map(\.rawValue) == ["dualview", "front", "back"])
    #expect(OutputRole.allCases.map(\.camera) == [nil, .front, .back])
    #expect(OutputRole.dualView.shows(.front) && OutputRole.dualView.shows(.back))
    #expect(OutputRole.front.shows(.front) && !OutputRole.front.shows(.back))
    #expect(!OutputRole.back.shows(.front) && OutputRole.back.shows(.back))
  }

  @Test func valuesAreReachedByRoleAndWalkedInOrder() {
    var set = OutputSet { role in role.rawValue.count }
    #expect(Array(set) == [8, 5, 4])
    #expect(set[.dualView] == 8 && set[.front] == 5 && set[.back] == 4)
    set[.back] = 40
    #expect(set.back == 40)
    #expect(set.map { $0 * 2 } == OutputSet(dualView: 16, front: 10, back: 80))
    var visited: [OutputRole] = []
    set.forEach { role, value in
      visited.append(role)
      #expect(set[role] == value)
    }
    #expect(visited == OutputRole.allCases)
  }

  @Test func makingStopsAtTheFirstError() {
    var made: [OutputRole] = []
    #expect(throws: DualCamError.self) {
      _ = try OutputSet { role throws(DualCamError) -> Int in
        made.append(role)
        if role == .front { throw .invalidArgument("no front", fix: "") }
        return 1
      }
    }
    #expect(made == [.dualView, .front])
  }
}
