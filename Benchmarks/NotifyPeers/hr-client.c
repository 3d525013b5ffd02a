// The floor for a sensor's notification path: a small libdbus client that subscribes to the measurement
// characteristic and decodes every notification until SECONDS have passed, then prints how many it received and
// its own CPU time (CLOCK_PROCESS_CPUTIME_ID, nanoseconds) spent while receiving, then how many in all (with the
// settling second's). A line "window" comes first, when the counted window begins.
//   acquire: AcquireNotify, then poll + read + decode, one notification per wake-up (as the hub's `hr-notify`
//            thread does);
//   start:   StartNotify with a match rule for the characteristic's PropertiesChanged, then libdbus's own
//            read/dispatch loop, decoding `Value` from each signal (as a client of bluetoothd's signals does).
// KIND says what it decodes (the same fields the hub takes from each, differences of the wrapping counters
// included): hr (Heart Rate Measurement, the default), csc (CSC Measurement: speed and cadence from wheel and crank
// revolutions), power (Cycling Power Measurement: power, cadence from crank revolutions), indoor-bike (Indoor Bike
// Data: every field its flags promise, speed, cadence and power kept).
// Usage: hr-client CHARACTERISTIC_PATH acquire|start SECONDS [KIND]   (DBUS_SYSTEM_BUS_ADDRESS names the bus)
#include <dbus/dbus.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static long received = 0, total = 0, beats = 0;
static enum { HR, CSC, POWER, INDOOR_BIKE } kind = HR;
// The last wheel and crank revolutions and event times (1/1024 s) seen, for the differences; -1: none yet.
static int64_t last_wheel = -1, last_wheel_time, last_crank = -1, last_crank_time;
static double speed, cadence;

static uint16_t u16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t u32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

// Speed (m/s, a 2,105 mm wheel) and cadence (rpm) from revolution counters and event times, modular differences.
static void wheel(uint32_t revolutions, uint16_t time) {
    if (last_wheel >= 0 && (uint16_t)(time - last_wheel_time) > 0)
        speed = (uint32_t)(revolutions - last_wheel) * 2.105 * 1024 / (uint16_t)(time - last_wheel_time);
    last_wheel = revolutions, last_wheel_time = time;
}
static void crank(uint16_t revolutions, uint16_t time) {
    if (last_crank >= 0 && (uint16_t)(time - last_crank_time) > 0)
        cadence = (uint16_t)(revolutions - last_crank) * 60.0 * 1024 / (uint16_t)(time - last_crank_time);
    last_crank = revolutions, last_crank_time = time;
}

static void decode(const uint8_t *value, int n) {
    switch (kind) {
    case HR:  // flags, then the rate as uint8 or uint16 (flag bit 0)
        if (n < 2) return;
        beats += (value[0] & 1) && n >= 3 ? value[1] | value[2] << 8 : value[1];
        break;
    case CSC: {  // flags; wheel data (bit 0): uint32 revolutions, uint16 time; crank data (bit 1): uint16, uint16
        int at = 1;
        if (n < 1) return;
        if (value[0] & 1) {
            if (n < at + 6) return;
            wheel(u32(value + at), u16(value + at + 4)), at += 6;
        }
        if (value[0] & 2) {
            if (n < at + 4) return;
            crank(u16(value + at), u16(value + at + 2));
        }
        beats += (long)(speed + cadence);
        break;
    }
    case POWER: {  // uint16 flags, sint16 power, then optional fields in flag order up to the crank data (bit 5)
        if (n < 4) return;
        uint16_t flags = u16(value);
        int at = 4;
        at += (flags & 1) ? 1 : 0;         // pedal power balance
        at += (flags & 4) ? 2 : 0;         // accumulated torque
        at += (flags & 16) ? 6 : 0;        // wheel revolution data
        if (flags & 32) {
            if (n < at + 4) return;
            crank(u16(value + at), u16(value + at + 2));
        }
        beats += (int16_t)u16(value + 2) + (long)cadence;
        break;
    }
    case INDOOR_BIKE: {  // uint16 flags; bit 0 clear: speed; then each field its flag promises, in order
        static const int sizes[13] = {2, 2, 2, 2, 3, 2, 2, 2, 5, 1, 1, 2, 2};
        if (n < 2) return;
        uint16_t flags = u16(value);
        int at = 2;
        long sum = 0;
        for (int bit = 0; bit < 13; bit++) {
            if (bit == 0 ? (flags & 1) : !(flags & (1 << bit))) continue;
            if (n < at + sizes[bit]) return;
            if (bit == 0 || bit == 2) sum += u16(value + at);               // speed 0.01 km/h, cadence 0.5 rpm
            if (bit == 6) sum += (int16_t)u16(value + at);                   // power W
            at += sizes[bit];
        }
        beats += sum;
        break;
    }
    }
    received++, total++;
}

static DBusMessage *call(DBusConnection *bus, const char *path, const char *member, DBusError *error) {
    DBusMessage *message =
        dbus_message_new_method_call("org.bluez", path, "org.bluez.GattCharacteristic1", member);
    if (strcmp(member, "AcquireNotify") == 0) {
        DBusMessageIter args, options;
        dbus_message_iter_init_append(message, &args);
        dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &options);
        dbus_message_iter_close_container(&args, &options);
    }
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, message, 5000, error);
    dbus_message_unref(message);
    return reply;
}

// PropertiesChanged("org.bluez.GattCharacteristic1", {"Value": <ay>, …}, [])
static DBusHandlerResult on_signal(DBusConnection *bus, DBusMessage *message, void *data) {
    (void)bus, (void)data;
    if (!dbus_message_is_signal(message, "org.freedesktop.DBus.Properties", "PropertiesChanged"))
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    DBusMessageIter args, changed, entry, variant, bytes;
    if (!dbus_message_iter_init(message, &args) || !dbus_message_iter_next(&args) ||
        dbus_message_iter_get_arg_type(&args) != DBUS_TYPE_ARRAY)
        return DBUS_HANDLER_RESULT_HANDLED;
    for (dbus_message_iter_recurse(&args, &changed);
         dbus_message_iter_get_arg_type(&changed) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next(&changed)) {
        const char *name;
        dbus_message_iter_recurse(&changed, &entry);
        dbus_message_iter_get_basic(&entry, &name);
        if (strcmp(name, "Value") != 0) continue;
        dbus_message_iter_next(&entry);
        dbus_message_iter_recurse(&entry, &variant);
        if (dbus_message_iter_get_arg_type(&variant) != DBUS_TYPE_ARRAY) continue;
        dbus_message_iter_recurse(&variant, &bytes);
        const uint8_t *value;
        int n = 0;
        dbus_message_iter_get_fixed_array(&bytes, &value, &n);
        decode(value, n);
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 5 || (strcmp(argv[2], "acquire") != 0 && strcmp(argv[2], "start") != 0)) {
        fprintf(stderr, "usage: hr-client CHARACTERISTIC_PATH acquire|start SECONDS [hr|csc|power|indoor-bike]\n");
        return 64;
    }
    if (argc == 5) {
        if (strcmp(argv[4], "csc") == 0) kind = CSC;
        else if (strcmp(argv[4], "power") == 0) kind = POWER;
        else if (strcmp(argv[4], "indoor-bike") == 0) kind = INDOOR_BIKE;
        else if (strcmp(argv[4], "hr") != 0) {
            fprintf(stderr, "hr-client: unknown kind %s (hr, csc, power or indoor-bike)\n", argv[4]);
            return 64;
        }
    }
    const char *path = argv[1];
    int acquire = strcmp(argv[2], "acquire") == 0;
    double seconds = atof(argv[3]);
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get(DBUS_BUS_SYSTEM, &error);
    if (!bus) {
        fprintf(stderr, "hr-client: cannot reach the bus: %s\n", error.message);
        return 1;
    }
    int fd = -1;
    if (acquire) {
        DBusMessage *reply = call(bus, path, "AcquireNotify", &error);
        uint16_t mtu = 0;
        if (!reply || !dbus_message_get_args(reply, &error, DBUS_TYPE_UNIX_FD, &fd, DBUS_TYPE_UINT16, &mtu,
                                             DBUS_TYPE_INVALID)) {
            fprintf(stderr, "hr-client: AcquireNotify failed: %s\n", error.message);
            return 1;
        }
        dbus_message_unref(reply);
    } else {
        char rule[512];
        snprintf(rule, sizeof rule,
                 "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',"
                 "member='PropertiesChanged',path='%s',arg0='org.bluez.GattCharacteristic1'",
                 path);
        dbus_bus_add_match(bus, rule, &error);
        dbus_connection_add_filter(bus, on_signal, NULL, NULL);
        DBusMessage *reply = call(bus, path, "StartNotify", &error);
        if (!reply) {
            fprintf(stderr, "hr-client: StartNotify failed: %s\n", error.message);
            return 1;
        }
        dbus_message_unref(reply);
    }

    // One second to settle, as the other peers have: the first notifications are not counted.
    double settle = now(CLOCK_MONOTONIC) + 1, end = settle + seconds, cpu0 = 0;
    int counting = 0;
    uint8_t buffer[517];
    for (;;) {
        double t = now(CLOCK_MONOTONIC);
        if (!counting && t >= settle) {
            // Said at once, so that the benchmark reads dbus-daemon's CPU over the same window.
            printf("window\n");
            fflush(stdout);
            counting = 1, received = 0, beats = 0, cpu0 = now(CLOCK_PROCESS_CPUTIME_ID);
        }
        if (t >= end) break;
        int wait_ms = (int)(((counting ? end : settle) - t) * 1000) + 1;
        if (acquire) {
            struct pollfd p = {.fd = fd, .events = POLLIN};
            if (poll(&p, 1, wait_ms) <= 0) continue;
            ssize_t n = read(fd, buffer, sizeof buffer);
            if (n <= 0) break;
            decode(buffer, (int)n);
        } else {
            if (!dbus_connection_read_write_dispatch(bus, wait_ms)) break;
        }
    }
    double cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
    // Beats are summed only so that the decode is not optimised away.
    printf("%ld %.0f %ld %ld\n", received, cpu * 1e9, total, beats);
    fflush(stdout);
    // The window is closed by the benchmark, which reads dbus-daemon's clock now; only then does this client stop
    // and disconnect, so that dbus-daemon's work for that is charged to no one's window, as for the hub.
    for (int c = getchar(); c != EOF && c != '\n'; c = getchar()) {}
    if (!acquire) {
        DBusMessage *reply = call(bus, path, "StopNotify", &error);
        if (reply) dbus_message_unref(reply);
    }
    return 0;
}
