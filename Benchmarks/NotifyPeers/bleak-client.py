"""The Python peer for a strap's notification path: bleak (the BLE library most Python projects use) subscribes to
the Heart Rate Measurement characteristic of the mock strap through BlueZ's D-Bus API, decodes each notification as
the hub and the C client do, and counts them for SECONDS after a settling second. It prints how many it received in
that window, the CPU time (process, nanoseconds) it spent in it, and how many it received in all, as hr-client does;
a line "window" comes first, when the counted window begins. It stops and disconnects only once a line (or the end)
comes on its standard input: the benchmark closes the window first.

Usage: python bleak-client.py DEVICE_PATH ACQUIRE|START SECONDS   (DBUS_SYSTEM_BUS_ADDRESS names the bus)
"""

import asyncio
import sys
import time

from bleak import BleakClient
from bleak.backends.device import BLEDevice

MEASUREMENT = "00002a37-0000-1000-8000-00805f9b34fb"


async def main(device_path: str, path: str, seconds: float) -> None:
    received = 0
    beats = 0

    def notified(_characteristic, data: bytearray) -> None:
        nonlocal received, beats
        # Heart Rate Measurement: flags, then the rate as uint8 or uint16 (flag bit 0).
        if len(data) >= 2:
            rate = data[1] if not data[0] & 1 else int.from_bytes(data[1:3], "little")
            beats += rate > 0
        received += 1

    # The device as BlueZ lists it, so that bleak connects without scanning first (the mock strap is already
    # known to the adapter, as a paired strap is).
    address = device_path.rsplit("dev_", 1)[1].replace("_", ":")
    device = BLEDevice(address, "Polar H10 1234", {"path": device_path, "props": {}})
    async with BleakClient(device, timeout=20) as client:
        await client.start_notify(MEASUREMENT, notified, bluez={"use_start_notify": path == "START"})
        await asyncio.sleep(1)  # settle: the first notifications and bleak's own start-up work are not counted
        print("window", flush=True)  # so that the benchmark reads dbus-daemon's CPU over the same window
        first, cpu = received, time.process_time_ns()
        await asyncio.sleep(seconds)
        count, cpu = received - first, time.process_time_ns() - cpu
        print(count, cpu, received, beats, flush=True)
        # The window is closed by the benchmark, which reads dbus-daemon's clock now; only then does bleak stop
        # notifications and disconnect, so that dbus-daemon's work for that is charged to no one's window, as for
        # the hub.
        sys.stdin.readline()
        await client.stop_notify(MEASUREMENT)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
