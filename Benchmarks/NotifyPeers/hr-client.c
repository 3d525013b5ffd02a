// The floor for a heart-rate strap's notification path: a small libdbus client that asks BlueZ (here the mock)
// for the measurement characteristic's notify socket (AcquireNotify), then reads and decodes one notification per
// wake-up, as the hub's `hr-notify` thread does, until SECONDS have passed. It prints how many it received and its
// own CPU time (CLOCK_PROCESS_CPUTIME_ID, nanoseconds) spent while receiving.
// Usage: hr-client CHARACTERISTIC_PATH SECONDS   (DBUS_SYSTEM_BUS_ADDRESS names the bus)
#include <dbus/dbus.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: hr-client CHARACTERISTIC_PATH SECONDS\n");
        return 64;
    }
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get(DBUS_BUS_SYSTEM, &error);
    if (!bus) {
        fprintf(stderr, "hr-client: cannot reach the bus: %s\n", error.message);
        return 1;
    }
    DBusMessage *call = dbus_message_new_method_call(
        "org.bluez", argv[1], "org.bluez.GattCharacteristic1", "AcquireNotify");
    DBusMessageIter args, options;
    dbus_message_iter_init_append(call, &args);
    dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &options);
    dbus_message_iter_close_container(&args, &options);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, call, 5000, &error);
    dbus_message_unref(call);
    int fd = -1;
    uint16_t mtu = 0;
    if (!reply || !dbus_message_get_args(reply, &error, DBUS_TYPE_UNIX_FD, &fd, DBUS_TYPE_UINT16, &mtu,
                                         DBUS_TYPE_INVALID)) {
        fprintf(stderr, "hr-client: AcquireNotify failed: %s\n", error.message);
        return 1;
    }
    dbus_message_unref(reply);

    long received = 0, beats = 0;
    double cpu0 = now(CLOCK_PROCESS_CPUTIME_ID), end = now(CLOCK_MONOTONIC) + atof(argv[2]);
    uint8_t buffer[517];
    for (;;) {
        double left = end - now(CLOCK_MONOTONIC);
        if (left <= 0) break;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0) continue;
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        // Heart Rate Measurement: flags, then the rate as uint8 or uint16 (flag bit 0).
        if (n >= 2) {
            int bpm = (buffer[0] & 1) && n >= 3 ? buffer[1] | buffer[2] << 8 : buffer[1];
            beats += bpm;
            received++;
        }
    }
    double cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
    printf("%ld %.0f %ld\n", received, cpu * 1e9, beats);
    return 0;
}
