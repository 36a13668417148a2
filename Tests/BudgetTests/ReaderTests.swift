import Budget
import DualCamCore
import Foundation
import TestSupport
import Testing

@Suite("Reading USB, CPU, memory and disk facts")
struct ReaderTests {
  /// Two USB 2 cameras (one idle, one streaming at 3×1,024 bytes per microframe), a USB audio
  /// device and a mouse on bus 1; a SuperSpeed camera on bus 2; a vivid node.
  func usbTree() throws -> FakeKernelTree {
    let tree = try FakeKernelTree()
    let idle = try tree.usbDevice("1-1", bus: 1, speed: "480")
    let control = try tree.interface(idle, number: 0, subclass: "01")
    try tree.endpoint(control, address: 0x87, type: "Interrupt", maxPacket: 16, interval: 8)
    _ = try tree.interface(idle, number: 1, subclass: "02", alternate: 0)
    try tree.videoNode("video0", device: control)

    let streaming = try tree.usbDevice("1-2", bus: 1, speed: "480")
    let control2 = try tree.interface(streaming, number: 0, subclass: "01")
    let stream2 = try tree.interface(streaming, number: 1, subclass: "02", alternate: 11)
    // 0x1400: 1,024 bytes, bits 12..11 = 2 → three transactions per microframe.
    try tree.endpoint(stream2, address: 0x81, type: "Isoc", maxPacket: 0x1400)
    try tree.videoNode("video2", device: control2)

    let audio = try tree.usbDevice("1-3", bus: 1, speed: "480")
    let audioStream = try tree.interface(audio, number: 1, classCode: "01", subclass: "02")
    // 192 bytes every 2^(4−1) = 8 microframes: 24 bytes per microframe.
    try tree.endpoint(audioStream, address: 0x82, type: "Isoc", maxPacket: 192, interval: 4)
    let mouse = try tree.usbDevice("1-4", bus: 1, speed: "12")
    let hid = try tree.interface(mouse, number: 0, classCode: "03", subclass: "01")
    try tree.endpoint(hid, address: 0x81, type: "Interrupt", maxPacket: 8, interval: 10)

    let superSpeed = try tree.usbDevice("2-1", bus: 2, speed: "5000")
    let control3 = try tree.interface(superSpeed, number: 0, subclass: "01")
    let stream3 = try tree.interface(superSpeed, number: 1, subclass: "02", alternate: 1)
    try tree.endpoint(stream3, address: 0x83, type: "Isoc", maxPacket: 1024)
    try tree.write(
      "\(superSpeed)/descriptors",
      bytes: [18, 1] + [UInt8](repeating: 0, count: 16)  // device
        + [9, 2, 0, 0, 2, 1, 0, 0x80, 0]  // configuration
        + [9, 4, 1, 0, 0, 0x0e, 2, 0, 0]  // streaming interface, setting 0
        + [9, 4, 1, 1, 1, 0x0e, 2, 0, 0]  // setting 1
        + [7, 5, 0x83, 0x05, 0x00, 0x04, 0x01]  // isochronous IN, 1,024
        + [6, 0x30, 15, 0, 0x00, 0x30])  // companion: 0x3000 = 12,288 bytes per interval
    try tree.videoNode("video4", device: control3)

    try tree.write("sys/devices/platform/vivid.0/driver_override", "")
    try tree.videoNode("video6", device: "sys/devices/platform/vivid.0")
    return tree
  }

  @Test("an idle USB 2 camera: bus, controller, speed, nothing reserved yet")
  func idleCamera() throws {
    let tree = try usbTree()
    let placement = try #require(
      USBTopologyReader(root: tree.root).placement(ofVideoNode: "video0"))
    #expect(placement.bus == "usb1")
    #expect(placement.hostController == "0000:00:14.0")
    #expect(placement.device == "1-1")
    #expect(placement.speed == .high)
    #expect(placement.reservedBytesPerInterval == nil, "alternate setting 0 reserves nothing")
  }

  @Test("a streaming camera: the current alternate setting's wMaxPacketSize with transactions")
  func streamingCamera() throws {
    let tree = try usbTree()
    let placement = try #require(
      USBTopologyReader(root: tree.root).placement(ofVideoNode: "video2"))
    #expect(placement.reservedBytesPerInterval == 3072)
  }

  @Test("a SuperSpeed camera: wBytesPerInterval from its companion descriptor")
  func superSpeedCamera() throws {
    let tree = try usbTree()
    let placement = try #require(
      USBTopologyReader(root: tree.root).placement(ofVideoNode: "video4"))
    #expect(placement.bus == "usb2")
    #expect(placement.speed == .superSpeed)
    #expect(placement.reservedBytesPerInterval == 12288)
  }

  @Test("a node that is not on USB has no placement")
  func notUSB() throws {
    let tree = try usbTree()
    #expect(USBTopologyReader(root: tree.root).placement(ofVideoNode: "video6") == nil)
    #expect(USBTopologyReader(root: tree.root).placement(ofVideoNode: "video9") == nil)
  }

  @Test("devices sharing the root hub and what they reserve; other buses are left out")
  func sharedBus() throws {
    let tree = try usbTree()
    let streams = USBTopologyReader(root: tree.root).periodicStreams(onBuses: ["usb1"])
    let byDevice = Dictionary(uniqueKeysWithValues: streams.map { ($0.device, $0) })
    #expect(Set(byDevice.keys) == ["1-1", "1-2", "1-3", "1-4"])
    // The idle camera's status interrupt: 16 bytes every 2^7 microframes.
    #expect(byDevice["1-1"]?.bytesPerInterval == 1)
    #expect(byDevice["1-2"]?.bytesPerInterval == 3072)
    #expect(byDevice["1-3"]?.bytesPerInterval == 24)
    #expect(byDevice["1-4"]?.speed == .full)
    #expect(byDevice["1-4"]?.bytesPerInterval == 1, "8 bytes every 10 ms frames")
    #expect(streams.allSatisfy { $0.bus == "usb1" })
  }

  @Test("the probe gathers the cameras' buses' other streams and the machine's facts")
  func probe() throws {
    let tree = try usbTree()
    try tree.write("sys/devices/system/cpu/online", "0-1")
    try tree.write("proc/meminfo", "MemAvailable: 1000 kB")
    let probe = BudgetProbe(
      root: tree.root,
      cpuReader: CPUCapacityReader(root: tree.root, fallbackCores: 1, allowedCores: nil))
    let placement = try #require(probe.usbPlacement(ofVideoNode: "video0"))
    let camera = BudgetSource(
      position: .front, kind: .usbCamera, format: .mjpeg, size: BudgetFixtures.hd,
      frameRate: BudgetFixtures.thirty, usb: placement)
    let inputs = probe.inputs(
      settings: RecordingSettings(), sources: [camera, BudgetFixtures.synthetic(.back)],
      outputFolder: tree.root, durationSeconds: 60)
    #expect(Set(inputs.otherUSBStreams.map(\.device)) == ["1-1", "1-2", "1-3", "1-4"])
    #expect(inputs.cpu.cores == 2)
    #expect(inputs.memory.availableBytes == 1_024_000)
    #expect(inputs.disk.freeBytes != nil)
    #expect(inputs.durationSeconds == 60)
    let estimate = try BudgetModel.costs(inputs)
    // The camera's own device (1-1) is not counted twice; 1-2's 3,072 bytes are.
    let usb = try #require(estimate.resource(.usbBus))
    #expect(usb.explanation.contains("1-2 already streams 3072"))
    #expect(!usb.explanation.contains("1-1 already"))
  }

  // MARK: - CPU

  @Test("cgroup cpu.max and CPU lists parse")
  func parsing() {
    #expect(CPUCapacityReader.parseCPUMax("150000 100000") == 1.5)
    #expect(CPUCapacityReader.parseCPUMax("max 100000") == nil)
    #expect(CPUCapacityReader.parseCPUMax("garbage") == nil)
    #expect(CPUCapacityReader.countCPUList("0-3,6,8-9") == 7)
    #expect(CPUCapacityReader.countCPUList("0") == 1)
    #expect(CPUCapacityReader.countCPUList("3-1") == nil)
  }

  @Test("a cgroup v2 quota on an ancestor lowers the online cores")
  func cgroupV2() throws {
    let tree = try FakeKernelTree()
    try tree.write("sys/devices/system/cpu/online", "0-3")
    try tree.write("proc/self/cgroup", "0::/user.slice/app.scope")
    try tree.write("sys/fs/cgroup/user.slice/cpu.max", "50000 100000")
    try tree.write("sys/fs/cgroup/user.slice/app.scope/cpu.max", "max 100000")
    let capacity = CPUCapacityReader(root: tree.root, fallbackCores: 1, allowedCores: nil)
      .capacity()
    #expect(capacity.cores == 0.5)
    #expect(capacity.source == "cgroup quota cpu.max 50000 100000")
  }

  @Test("a cgroup v1 quota counts; without one, the online cores")
  func cgroupV1() throws {
    let tree = try FakeKernelTree()
    try tree.write("sys/devices/system/cpu/online", "0-3")
    try tree.write("proc/self/cgroup", "4:cpu,cpuacct:/docker/abc\n1:name=systemd:/")
    #expect(
      CPUCapacityReader(root: tree.root, fallbackCores: 1, allowedCores: nil).capacity().cores == 4)
    try tree.write("sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "150000")
    try tree.write("sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000")
    #expect(
      CPUCapacityReader(root: tree.root, fallbackCores: 1, allowedCores: nil).capacity().cores
        == 1.5)
    try tree.write("sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "-1")
    #expect(
      CPUCapacityReader(root: tree.root, fallbackCores: 1, allowedCores: nil).capacity().cores == 4)
  }

  // MARK: - Memory and disk

  @Test("MemAvailable, lowered by a cgroup memory limit")
  func memory() throws {
    let tree = try FakeKernelTree()
    try tree.write("proc/meminfo", "MemTotal: 4096000 kB\nMemAvailable:    2048000 kB")
    let available: Int64 = 2_048_000 * 1024
    #expect(MemoryReader(root: tree.root).facts().availableBytes == available)
    try tree.write("proc/self/cgroup", "0::/app")
    try tree.write("sys/fs/cgroup/app/memory.max", "1073741824")
    try tree.write("sys/fs/cgroup/app/memory.current", "73741824")
    let facts = MemoryReader(root: tree.root).facts()
    #expect(facts.availableBytes == 1_000_000_000)
    #expect(facts.source.contains("cgroup"))
  }

  @Test("a cgroup v1 memory limit counts too")
  func memoryV1() throws {
    let tree = try FakeKernelTree()
    try tree.write("proc/meminfo", "MemAvailable:    2048000 kB")
    try tree.write("proc/self/cgroup", "4:memory:/box\n1:cpu:/")
    try tree.write("sys/fs/cgroup/memory/box/memory.limit_in_bytes", "536870912")
    try tree.write("sys/fs/cgroup/memory/box/memory.usage_in_bytes", "36870912")
    #expect(MemoryReader(root: tree.root).facts().availableBytes == 500_000_000)
  }

  @Test("cores the scheduler allows lower the count")
  func affinity() throws {
    let tree = try FakeKernelTree()
    try tree.write("sys/devices/system/cpu/online", "0-7")
    let capacity = CPUCapacityReader(root: tree.root, allowedCores: 3).capacity()
    #expect(capacity.cores == 3)
    #expect(capacity.source == "3 cores allowed to this process")
  }

  @Test("free space of a folder not created yet is its parent's")
  func disk() throws {
    let folder = try TemporaryFolder()
    let facts = DiskSpaceReader.facts(for: folder.url.appendingPathComponent("a/b/c"))
    let free = try #require(facts.freeBytes)
    #expect(free > 0)
    #expect(facts.folder.hasSuffix("a/b/c"))
  }
}
