import ArgumentParser
import Capture
import DualCamCore

/// `dualcam controls DEVICE`: list, set and reset a camera's controls; what is set is saved
/// for the camera's identity.
struct ControlsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "controls",
    abstract: "List, set or reset a camera's controls (brightness, exposure, focus, …).",
    discussion: """
      Names are as listed (brightness, auto_exposure, white_balance_temperature). Values are \
      numbers, on/off, or menu choices by name (auto_exposure=manual). Setting a manual value \
      (exposure_time_absolute, white_balance_temperature, focus_absolute, gain) switches its \
      automatic partner off first. Values set are saved per camera identity in \
      $XDG_CONFIG_HOME/dualcam/controls (else ~/.config/dualcam/controls); --reset forgets them.
      """)

  @Argument(
    help: ArgumentHelp(
      "The camera: a node such as /dev/video0, a /dev/v4l link, or an identity as listed by "
        + "'dualcam devices'."))
  var device: String

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp("Set a control: NAME=VALUE (repeatable).", valueName: "NAME=VALUE"))
  var assignments: [String] = []

  @Flag(name: .long, help: "Reset the named controls (or, with none named, all) to default.")
  var reset = false

  @Argument(help: "With --reset: the controls to reset (default: all).")
  var resetNames: [String] = []

  @Flag(name: .long, help: "Print the controls as JSON.")
  var json = false

  func run() throws {
    do {
      try controls()
    } catch {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
  }

  private func controls() throws(DualCamError) {
    let pairs = try assignments.map { text throws(DualCamError) in
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw DualCamError.invalidArgument(
          "--set '\(text)' is not NAME=VALUE", fix: "e.g. --set brightness=40")
      }
      return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
    if !resetNames.isEmpty && !reset {
      throw DualCamError.invalidArgument(
        "unexpected \(resetNames.joined(separator: " ")): control names follow --reset",
        fix: "e.g. dualcam controls \(device) --reset brightness, or --set NAME=VALUE")
    }
    let discovery = DeviceDiscovery()
    let path = discovery.resolve(device)
    try NodeCheck.requireVideoNode(path)
    let camera = try discovery.device(at: path)
    let controls = try CameraControls(path: path)
    let store = ControlStore()
    let identity = camera.identity.value
    var notes: [String] = []

    if reset && resetNames.isEmpty {
      notes += try controls.reset()
      try store.remove(identity: identity)
    } else if reset {
      for requested in resetNames {
        let name = try controls.control(named: requested).name
        try controls.reset(name)
        try store.remove([name], identity: identity)
      }
    }
    for (name, value) in pairs {
      let outcome = try controls.set(name, to: value)
      notes += outcome.notes
      if let warning = try store.save(outcome.written, identity: identity) {
        notes.append(warning)
      }
      let shown = outcome.control.value.map { outcome.control.describe($0) } ?? "-"
      Console.status("\(outcome.control.name) = \(shown)")
    }
    for note in notes { Console.status("note: \(note)") }
    // Listed after any change, so what is shown is what the camera now reports.
    let list = controls.list()
    if json {
      print(ControlReport.json(device: path, identity: identity, controls: list, notes: notes))
    } else {
      print(ControlReport.table(list))
    }
  }
}
