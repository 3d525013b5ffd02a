// What Swift cannot import from <linux/input.h> and <linux/gpio.h>: the ioctl numbers are function-like macros.
// The offsets are here so that tests can check the hand-written byte layouts against the kernel's own headers.
#include <linux/gpio.h>
#include <linux/input.h>
#include <stddef.h>
#include <sys/ioctl.h>

/// ioctl is variadic, which Swift cannot call: one wrapper for an int argument, one for a pointer.
static inline int stayfit_ioctl_int(int fd, unsigned long request, int argument) {
    return ioctl(fd, request, argument);
}
static inline int stayfit_ioctl_pointer(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}

/// EVIOCGNAME(len): the device's name, at most `len` bytes with its NUL.
static inline unsigned long stayfit_eviocgname(unsigned int len) { return EVIOCGNAME(len); }
/// EVIOCGVERSION: the evdev protocol version; fails with ENOTTY on a file that is not an input device.
static inline unsigned long stayfit_eviocgversion(void) { return EVIOCGVERSION; }
/// EVIOCGRAB: 1 grabs the device for this descriptor alone, 0 lets it go.
static inline unsigned long stayfit_eviocgrab(void) { return EVIOCGRAB; }
/// GPIO_V2_GET_LINE_IOCTL: asks a GPIO chip for lines; the answer's `fd` reads their edge events.
static inline unsigned long stayfit_gpio_v2_get_line_ioctl(void) { return GPIO_V2_GET_LINE_IOCTL; }

static inline size_t stayfit_sizeof_input_event(void) { return sizeof(struct input_event); }
static inline size_t stayfit_offsetof_input_event_type(void) { return offsetof(struct input_event, type); }
static inline size_t stayfit_offsetof_input_event_code(void) { return offsetof(struct input_event, code); }
static inline size_t stayfit_offsetof_input_event_value(void) { return offsetof(struct input_event, value); }

static inline size_t stayfit_sizeof_gpio_v2_line_request(void) { return sizeof(struct gpio_v2_line_request); }
static inline size_t stayfit_offsetof_request_offsets(void) { return offsetof(struct gpio_v2_line_request, offsets); }
static inline size_t stayfit_offsetof_request_consumer(void) { return offsetof(struct gpio_v2_line_request, consumer); }
static inline size_t stayfit_offsetof_request_config_flags(void) {
    return offsetof(struct gpio_v2_line_request, config) + offsetof(struct gpio_v2_line_config, flags);
}
static inline size_t stayfit_offsetof_request_config_num_attrs(void) {
    return offsetof(struct gpio_v2_line_request, config) + offsetof(struct gpio_v2_line_config, num_attrs);
}
static inline size_t stayfit_offsetof_request_config_attrs(void) {
    return offsetof(struct gpio_v2_line_request, config) + offsetof(struct gpio_v2_line_config, attrs);
}
static inline size_t stayfit_sizeof_line_config_attribute(void) {
    return sizeof(struct gpio_v2_line_config_attribute);
}
static inline size_t stayfit_offsetof_attribute_id(void) {
    return offsetof(struct gpio_v2_line_config_attribute, attr) + offsetof(struct gpio_v2_line_attribute, id);
}
static inline size_t stayfit_offsetof_attribute_debounce(void) {
    return offsetof(struct gpio_v2_line_config_attribute, attr)
        + offsetof(struct gpio_v2_line_attribute, debounce_period_us);
}
static inline size_t stayfit_offsetof_attribute_mask(void) {
    return offsetof(struct gpio_v2_line_config_attribute, mask);
}
static inline size_t stayfit_offsetof_request_num_lines(void) {
    return offsetof(struct gpio_v2_line_request, num_lines);
}
static inline size_t stayfit_offsetof_request_event_buffer_size(void) {
    return offsetof(struct gpio_v2_line_request, event_buffer_size);
}
static inline size_t stayfit_offsetof_request_fd(void) { return offsetof(struct gpio_v2_line_request, fd); }

static inline size_t stayfit_sizeof_gpio_v2_line_event(void) { return sizeof(struct gpio_v2_line_event); }
static inline size_t stayfit_offsetof_line_event_id(void) { return offsetof(struct gpio_v2_line_event, id); }
static inline size_t stayfit_offsetof_line_event_offset(void) { return offsetof(struct gpio_v2_line_event, offset); }
