# Sourced by the benchmark scripts: a heart-rate strap behind python-dbusmock's bluez5 on a private dbus-daemon,
# the stand-in for bluetoothd. Needs `within` (wait for a command to succeed) and `$work` from the caller.
#
#   start_mock_strap             sets address, daemon (pid), mock (pid) and chr (the measurement characteristic)
#   add_paced_acquire_notify     AcquireNotify hands out a socket into which the mock's own main loop writes one
#                                notification at a time, every `SetPace` milliseconds (1000 until set)
#   mock_call ARGS…              a gdbus call to org.bluez on the private bus

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
      'Notifying': <false>, 'Flags': <['notify']>}" \
    "[('StartNotify', '', '', '$start'), ('StopNotify', '', '', '$stop')]" >/dev/null
}

add_paced_acquire_notify() {
  # Each AcquireNotify hands out a new socket and paces notifications into it (HR uint8 with contact and one RR
  # interval, as a chest strap sends them); `Sent` tells how many went out in all.
  local acquire='import socket
from gi.repository import GLib
mine, peer = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
def beat(obj=self, peer=peer, count=[0]):
    # (Default arguments: code run by dbusmock cannot close over its own locals.)
    count[0] += 1
    try:
        peer.send(bytes([0x16, 70 + count[0] % 20, 0x55, 0x03]))
    except OSError:
        return False
    obj.hr_sent = getattr(obj, "hr_sent", 0) + 1
    return True
GLib.timeout_add(getattr(self, "hr_interval", 1000), beat)
ret = (dbus.types.UnixFd(mine), dbus.UInt16(23))
mine.close()'
  mock_call --object-path $chr --method org.freedesktop.DBus.Mock.AddMethod org.bluez.GattCharacteristic1 \
    AcquireNotify "a{sv}" "hq" "$acquire" >/dev/null
  mock_call --object-path $chr --method org.freedesktop.DBus.Mock.AddMethod org.stayfit.Bench SetPace u "" \
    "self.hr_interval = int(args[0])" >/dev/null
  mock_call --object-path $chr --method org.freedesktop.DBus.Mock.AddMethod org.stayfit.Bench Sent "" t \
    "ret = getattr(self, 'hr_sent', 0)" >/dev/null
}
