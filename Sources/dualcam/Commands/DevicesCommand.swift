import ArgumentParser
import Audio
import Capture
import DualCamCore

/// `dualcam devices`: the cameras this machine has, with identities and formats.
struct DevicesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices",
    abstract:
      "List the V4L2 cameras (node, name, identity, USB details, best formats) and sound inputs.",
    discussion: """
      The identity (a /dev/v4l/by-id link, else by-path, else the bus info) is what keeps a \
      camera's saved controls bound to it across reboots and re-plugs. --json prints a stable \
      document (version 1) with every format, frame size and frame interval.
      """)

  @Flag(name: .long, help: "Print the devices as JSON.")
  var json = false

  func run() throws {
    let result = DeviceDiscovery().discover()
    let audioInputs = AudioDeviceDiscovery.captureDevices()
    if json {
      print(AudioDeviceReport.json(audioInputs, addedTo: DeviceReport.json(result)))
    } else {
      print(DeviceReport.table(result))
      print("")
      print(AudioDeviceReport.table(audioInputs))
    }
  }
}
