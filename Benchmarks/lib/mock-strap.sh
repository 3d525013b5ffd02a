# Sourced by the benchmark scripts: a heart-rate strap behind python-dbusmock's bluez5 on a private dbus-daemon,
# the stand-in for bluetoothd. Needs `within` (wait for a command to succeed) and `$work` from the caller.
#
#   start_mock_strap             sets address, daemon (pid), mock (pid) and chr (the measurement characteristic)
#   add_paced_acquire_notify [CHARACTERISTIC PAYLOAD]
#                                AcquireNotify hands out a socket into which a thread of the mock writes one
#                                notification at a time, every `SetPace` microseconds (1 s until set; 0: flat out);
#                                the strap's characteristic and heart rate unless given (PAYLOAD: a Python
#                                expression of `count`, the notification's number from 1, giving its bytes; `struct`
#                                is imported)
#   add_mock_sensor ADDRESS NAME SERVICE CHARACTERISTIC   a connectable device offering SERVICE (16-bit, e.g. 1816)
#                                with one notifying characteristic (e.g. 2a5b); sets sensor_chr to its path
#   add_paced_start_notify [CHARACTERISTIC PAYLOAD]
#                                StartNotify makes the mock's main loop emit one `Value` change at a time, at the
#                                same pace (whole milliseconds)
#   mock_call ARGS…              a gdbus call to org.bluez on the private bus

# Payloads of a ride's sensors (Python, `count` from 1), as real ones send them: a wheel of 2,105 mm at about
# 30 km/h (3.96 revolutions a second) and cranks at 90 rpm, at 4 Hz; each event time (1/1024 s, 16 bits) is that of
# the last whole revolution, so some notifications repeat the crank's (no new revolution yet).
#   CSC Measurement: wheel (uint32 revolutions, uint16 time) and crank (uint16 revolutions, uint16 time) data.
csc_payload='struct.pack("<BIHHH", 3, int(count * 0.99), int(int(count * 0.99) / 3.96 * 1024) & 0xFFFF,
  int(count * 0.375) & 0xFFFF, int(int(count * 0.375) / 1.5 * 1024) & 0xFFFF)'
#   Cycling Power Measurement: flags (crank revolution data), instantaneous power (sint16), crank data.
power_payload='struct.pack("<HhHH", 0x20, 180 + count % 40, int(count * 0.375) & 0xFFFF,
  int(int(count * 0.375) / 1.5 * 1024) & 0xFFFF)'
#   Indoor Bike Data (1 Hz): flags (speed present, bit 0 clear; cadence, bit 2; power, bit 6), speed 0.01 km/h,
#   cadence 0.5 rpm, power W.
indoor_bike_payload='struct.pack("<HHHh", 0x44, 3000 + count % 100, 180, 180 + count % 40)'

mock_call() { gdbus call --address "$address" --dest org.bluez "$@"; }

start_mock_strap() {
  { read -r address; read -r daemon; } < <(dbus-daemon --session --fork --print-address=1 --print-pid=1)
  DBUS_SYSTEM_BUS_ADDRESS=$address /usr/bin/python3 -m dbusmock --template bluez5 >"$work/mock.log" 2>&1 &
  mock=$!
  within 30 gdbus introspect --address "$address" --dest org.bluez --object-path /
  local hrs=0000180d-0000-1000-8000-00805f9b34fb
  local dev=/org/bluez/hci0/dev_C0_FF_EE_00_00_01
  local svc=$dev/service000c
  chr=$svc/char000d
  local start='self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(True)})'
  local stop='self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(False)})'
  mock_call --object-path / --method org.bluez.Mock.AddAdapter hci0 "StayFit Hub" >/dev/null
  mock_call --object-path / --method org.bluez.Mock.AddDevice hci0 C0:FF:EE:00:00:01 "Polar H10 1234" >/dev/null
  mock_call --object-path $dev --method org.freedesktop.DBus.Mock.UpdateProperties org.bluez.Device1 \
    "{'UUIDs': <['$hrs']>, 'ServicesResolved': <true>}" >/dev/null
  mock_call --object-path / --method org.freedesktop.DBus.Mock.AddObject $svc org.bluez.GattService1 \
    "{'UUID': <'$hrs'>, 'Primary': <true>, 'Device': <objectpath '$dev'>, 'Includes': <@ao []>}" \
    "@a(ssss) []" >/dev/null
  mock_call --object-path / --method org.freedesktop.DBus.Mock.AddObject $chr org.bluez.GattCharacteristic1 \
    "{'UUID': <'00002a37-0000-1000-8000-00805f9b34fb'>, 'Service': <objectpath '$svc'>, 'Value': <@ay [0x06, 0x3c]>,
      'Notifying': <false>, 'NotifyAcquired': <false>, 'Flags': <['notify']>}" \
    "[('StartNotify', '', '', '$start'), ('StopNotify', '', '', '$stop')]" >/dev/null
}

add_paced_acquire_notify() {
  # Each AcquireNotify hands out a new socket, and a thread of the mock writes notifications into it one at a time
  # (by default HR uint8 with contact and one RR interval, as a chest strap sends them; else PAYLOAD) every
  # `SetPace` microseconds, against
  # absolute deadlines so that the pace holds (1 s until set); 0 writes as fast as the socket takes them. A write
  # the full socket refuses is dropped and counted, as bluetoothd drops what a client does not read. `Sent` and
  # `Dropped` tell how many in all; `SetAcquire false` makes AcquireNotify refuse, so clients use StartNotify.
  local path=${1:-$chr} payload=${2:-'bytes([0x16, 70 + count % 20, 0x55, 0x03])'}
  local acquire='import socket, threading, time
if not getattr(self, "hr_acquire", True):
    raise dbus.exceptions.DBusException("AcquireNotify is off", name="org.bluez.Error.NotSupported")
mine, peer = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
peer.setblocking(False)
def pace(obj=self, peer=peer):
    # (Default arguments: code run by dbusmock cannot close over its own locals.) Each thread counts in a list of
    # its own, [sent, dropped], which `Sent` and `Dropped` add up: "+= 1" from two threads could lose counts.
    import struct
    counts = [0, 0]
    obj.hr_counts = getattr(obj, "hr_counts", []) + [counts]
    count, deadline = 0, time.monotonic()
    while True:
        interval = getattr(obj, "hr_interval_us", 1000000) / 1e6
        if interval > 0:
            deadline += interval
            delay = deadline - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        count += 1
        try:
            peer.send('"$payload"')
        except BlockingIOError:
            counts[1] += 1
            if interval == 0:
                time.sleep(0.0001)
            continue
        except OSError:
            return
        counts[0] += 1
threading.Thread(target=pace, daemon=True).start()
ret = (dbus.types.UnixFd(mine), dbus.UInt16(23))
mine.close()'
  mock_call --object-path "$path" --method org.freedesktop.DBus.Mock.AddMethod org.bluez.GattCharacteristic1 \
    AcquireNotify "a{sv}" "hq" "$acquire" >/dev/null
  mock_call --object-path "$path" --method org.freedesktop.DBus.Mock.AddMethod org.stayfit.Bench SetPace u "" \
    "self.hr_interval_us = int(args[0])" >/dev/null
  mock_call --object-path "$path" --method org.freedesktop.DBus.Mock.AddMethod org.stayfit.Bench SetAcquire b "" \
    "self.hr_acquire = bool(args[0])" >/dev/null
  mock_call --object-path "$path" --method org.freedesktop.DBus.Mock.AddMethod org.stayfit.Bench Sent "" t \
    "ret = getattr(self, 'hr_sent', 0) + sum(c[0] for c in getattr(self, 'hr_counts', []))" >/dev/null
  mock_call --object-path "$path" --method org.freedesktop.DBus.Mock.AddMethod org.stayfit.Bench Dropped "" t \
    "ret = sum(c[1] for c in getattr(self, 'hr_counts', []))" >/dev/null
}

add_paced_start_notify() {
  # StartNotify as bluetoothd answers it: `Notifying` turns true, then each notification is a PropertiesChanged
  # of `Value`, emitted one at a time by the mock's own main loop every `SetPace` microseconds (whole
  # milliseconds: a GLib timeout) while anyone is subscribed. StopNotify ends it. Counted in `Sent`.
  local path=${1:-$chr} payload=${2:-'bytes([0x16, 70 + count % 20, 0x55, 0x03])'}
  local start='from gi.repository import GLib
self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(True)})
self.hr_generation = getattr(self, "hr_generation", 0) + 1
def beat(obj=self, generation=self.hr_generation, counter=[0]):
    import struct
    if obj.hr_generation != generation:
        return False
    counter[0] += 1
    count = counter[0]
    value = dbus.Array([dbus.Byte(b) for b in '"$payload"'], signature="y")
    obj.UpdateProperties("org.bluez.GattCharacteristic1", {"Value": value})
    obj.hr_sent = getattr(obj, "hr_sent", 0) + 1
    return True
GLib.timeout_add(max(1, getattr(self, "hr_interval_us", 1000000) // 1000), beat)'
  local stop='self.hr_generation = getattr(self, "hr_generation", 0) + 1
self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(False)})'
  mock_call --object-path "$path" --method org.freedesktop.DBus.Mock.AddMethod org.bluez.GattCharacteristic1 \
    StartNotify "" "" "$start" >/dev/null
  mock_call --object-path "$path" --method org.freedesktop.DBus.Mock.AddMethod org.bluez.GattCharacteristic1 \
    StopNotify "" "" "$stop" >/dev/null
}

add_mock_sensor() {
  # A fitness sensor beside the strap, as MockFitnessSensor (Sources/BlueZTestKit) builds one for the tests: a device
  # offering the service, resolved and ready to connect, and its measurement characteristic (notify, StartNotify and
  # StopNotify); handles unlike the strap's, as the plugin finds objects by UUID.
  local dev=/org/bluez/hci0/dev_${1//:/_}
  local uuid="0000$3-0000-1000-8000-00805f9b34fb"
  local svc=$dev/service0040
  sensor_chr=$svc/char0041
  local start='self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(True)})'
  local stop='self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(False)})'
  mock_call --object-path / --method org.bluez.Mock.AddDevice hci0 "$1" "$2" >/dev/null
  mock_call --object-path "$dev" --method org.freedesktop.DBus.Mock.UpdateProperties org.bluez.Device1 \
    "{'UUIDs': <['$uuid']>, 'ServicesResolved': <true>}" >/dev/null
  mock_call --object-path / --method org.freedesktop.DBus.Mock.AddObject "$svc" org.bluez.GattService1 \
    "{'UUID': <'$uuid'>, 'Primary': <true>, 'Device': <objectpath '$dev'>, 'Includes': <@ao []>}" \
    "@a(ssss) []" >/dev/null
  mock_call --object-path / --method org.freedesktop.DBus.Mock.AddObject "$sensor_chr" org.bluez.GattCharacteristic1 \
    "{'UUID': <'0000$4-0000-1000-8000-00805f9b34fb'>, 'Service': <objectpath '$svc'>, 'Value': <@ay [0x00]>,
      'Notifying': <false>, 'NotifyAcquired': <false>, 'Flags': <['notify']>}" \
    "[('StartNotify', '', '', '$start'), ('StopNotify', '', '', '$stop')]" >/dev/null
}
