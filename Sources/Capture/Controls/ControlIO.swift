internal import CV4L2

/// The control ioctls: VIDIOC_QUERY_EXT_CTRL to enumerate, VIDIOC_QUERYMENU for menu entries,
/// VIDIOC_G_EXT_CTRLS / S_EXT_CTRLS to read and write one value.
extension V4L2Handle {
  /// Every control the driver offers, with menus and current values; class headers and
  /// compound (payload) controls are skipped, as they are not settings a user types.
  func controls() -> [CameraControl] {
    var controls: [CameraControl] = []
    var nextID = CV4L2_CTRL_FLAG_NEXT_CTRL | CV4L2_CTRL_FLAG_NEXT_COMPOUND
    // A bound on the walk so a driver that repeats an id cannot loop us forever.
    for _ in 0..<1024 {
      var query = v4l2_query_ext_ctrl()
      query.id = nextID
      if call(CV4L2_VIDIOC_QUERY_EXT_CTRL, &query) != nil { break }
      nextID = query.id | CV4L2_CTRL_FLAG_NEXT_CTRL | CV4L2_CTRL_FLAG_NEXT_COMPOUND
      guard let kind = Self.kind(of: query.type),
        query.flags & UInt32(V4L2_CTRL_FLAG_HAS_PAYLOAD) == 0
      else { continue }
      let label = cString(query.name)
      var control = CameraControl(
        id: query.id, name: CameraControl.userName(for: label), label: label, kind: kind,
        value: nil, minimum: query.minimum, maximum: query.maximum,
        step: Int64(clamping: query.step), defaultValue: query.default_value,
        flags: CameraControl.Flags(rawValue: query.flags))
      if kind == .menu || kind == .integerMenu { control.menu = menu(of: control) }
      control.value = value(of: control)
      controls.append(control)
    }
    return controls
  }

  /// The current value, nil when it cannot be read (buttons, write-only, a failing driver).
  func value(of control: CameraControl) -> Int64? {
    guard control.kind != .button, !control.flags.contains(.writeOnly) else { return nil }
    var entry = v4l2_ext_control()
    entry.id = control.id
    guard extended(CV4L2_VIDIOC_G_EXT_CTRLS, &entry) == nil else { return nil }
    return control.kind == .integer64 ? entry.value64 : Int64(entry.value)
  }

  /// Writes `value`; returns the errno on failure.
  func set(_ control: CameraControl, to value: Int64) -> Int32? {
    var entry = v4l2_ext_control()
    entry.id = control.id
    if control.kind == .integer64 {
      entry.value64 = value
    } else {
      entry.value = Int32(clamping: value)
    }
    return extended(CV4L2_VIDIOC_S_EXT_CTRLS, &entry)
  }

  /// One control through the extended-controls ioctls (which reach every control class).
  private func extended(_ request: UInt, _ entry: inout v4l2_ext_control) -> Int32? {
    withUnsafeMutablePointer(to: &entry) { pointer in
      var list = v4l2_ext_controls()
      list.which = UInt32(V4L2_CTRL_WHICH_CUR_VAL)
      list.count = 1
      list.controls = pointer
      return call(request, &list)
    }
  }

  /// Menu entries between minimum and maximum; indices the driver skips (EINVAL) are gaps.
  private func menu(of control: CameraControl) -> [CameraControl.MenuItem] {
    guard control.minimum >= 0, control.maximum - control.minimum < 256 else { return [] }
    var items: [CameraControl.MenuItem] = []
    for index in control.minimum...control.maximum {
      var query = v4l2_querymenu()
      query.id = control.id
      query.index = UInt32(index)
      if call(CV4L2_VIDIOC_QUERYMENU, &query) != nil { continue }
      let label = control.kind == .menu ? cString(query.name) : String(query.value)
      items.append(CameraControl.MenuItem(index: index, label: label))
    }
    return items
  }

  /// The control kinds DualCam lists; nil for class headers, strings and compound types.
  private static func kind(of type: UInt32) -> CameraControl.Kind? {
    switch type {
    case V4L2_CTRL_TYPE_INTEGER.rawValue: .integer
    case V4L2_CTRL_TYPE_BOOLEAN.rawValue: .boolean
    case V4L2_CTRL_TYPE_MENU.rawValue: .menu
    case V4L2_CTRL_TYPE_BUTTON.rawValue: .button
    case V4L2_CTRL_TYPE_INTEGER64.rawValue: .integer64
    case V4L2_CTRL_TYPE_BITMASK.rawValue: .bitmask
    case V4L2_CTRL_TYPE_INTEGER_MENU.rawValue: .integerMenu
    default: nil
    }
  }
}
