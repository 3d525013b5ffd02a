import Foundation
import HubStore
import Testing

@Suite struct DataDirectoryTests {
    let everything = ["STATE_DIRECTORY": "/var/lib/stayfit", "XDG_DATA_HOME": "/home/pi/.data", "HOME": "/home/pi"]

    @Test func anExplicitDirectoryWins() {
        #expect(DataDirectory.resolve(explicit: "/srv/fit", environment: everything).path == "/srv/fit")
    }

    @Test func thenSystemdsStateDirectoryItsFirstEntry() {
        #expect(DataDirectory.resolve(explicit: nil, environment: everything).path == "/var/lib/stayfit")
        #expect(DataDirectory.resolve(explicit: "", environment: everything).path == "/var/lib/stayfit")
        var environment = everything
        environment["STATE_DIRECTORY"] = "/var/lib/stayfit:/var/lib/other"
        #expect(DataDirectory.resolve(explicit: nil, environment: environment).path == "/var/lib/stayfit")
    }

    @Test func thenXDGDataHome() {
        var environment = everything
        environment["STATE_DIRECTORY"] = nil
        #expect(DataDirectory.resolve(explicit: nil, environment: environment).path == "/home/pi/.data/stayfit")
        environment["STATE_DIRECTORY"] = ""
        #expect(DataDirectory.resolve(explicit: nil, environment: environment).path == "/home/pi/.data/stayfit")
    }

    @Test func thenTheHomeDirectory() {
        #expect(
            DataDirectory.resolve(explicit: nil, environment: ["HOME": "/home/pi"]).path
                == "/home/pi/.local/share/stayfit")
        #expect(
            DataDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "", "HOME": "/home/pi"]).path
                == "/home/pi/.local/share/stayfit")
    }

    @Test func withNoEnvironmentTheUsersHomeIsUsed() {
        let resolved = DataDirectory.resolve(explicit: nil, environment: [:])
        #expect(
            resolved.path == URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share/stayfit").path
        )
    }
}
