//go:build !headless && linux && cgo

package main

/*
#cgo LDFLAGS: -Wl,--as-needed
#include <dlfcn.h>
#include <stdlib.h>

typedef void (*glx_proc)(void);
typedef glx_proc (*glx_loader)(const unsigned char *);

// glx_real is libGL's glXGetProcAddress once loaded (NULL before).
static glx_loader glx_real;

// glx_load loads libGL, if it is not loaded yet, and returns its
// glXGetProcAddress; NULL with *err set to dlerror's text where it cannot.
static glx_loader glx_load(const char **err) {
	glx_loader f = __atomic_load_n(&glx_real, __ATOMIC_ACQUIRE);
	if (f != NULL) {
		return f;
	}
	void *gl = dlopen("libGL.so.1", RTLD_LAZY | RTLD_GLOBAL);
	if (gl == NULL) {
		*err = dlerror();
		return NULL;
	}
	f = (glx_loader)dlsym(gl, "glXGetProcAddress");
	if (f == NULL) {
		*err = dlerror();
		return NULL;
	}
	__atomic_store_n(&glx_real, f, __ATOMIC_RELEASE);
	return f;
}

// glXGetProcAddress stands in for libGL's: see lazyGL.
glx_proc glXGetProcAddress(const unsigned char *name) {
	const char *err = NULL;
	glx_loader f = glx_load(&err);
	return f == NULL ? NULL : f(name);
}

// glx_open loads libGL and returns NULL, or why it cannot.
static const char *glx_open(void) {
	const char *err = "libGL.so.1 has no glXGetProcAddress";
	return glx_load(&err) == NULL ? err : NULL;
}

// glx_loaded reports whether libGL is in the process (1) or not (0),
// without loading it.
static int glx_loaded(void) {
	void *gl = dlopen("libGL.so.1", RTLD_LAZY | RTLD_NOLOAD);
	if (gl == NULL) {
		return 0;
	}
	dlclose(gl);
	return 1;
}
*/
import "C"

import (
	"errors"
	"unsafe"
)

// loadGL loads libGL for the window, or says why it cannot: without it
// Fyne went on with no GL functions and crashed at its first frame.
//
// libGL is loaded when the window starts, not when the process does. The
// GL bindings (go-gl/gl) take every GL function from glXGetProcAddress,
// their one reference into libGL, and GLFW opens libGL, X11 and its
// extensions itself. Linked with --as-needed, as Debian's and Ubuntu's
// compilers link by default, the binary needed
// libGL for that one symbol alone; with the symbol defined here (it loads
// libGL at its first call and hands on to libGL's own) it needs libGL not
// at all (--as-needed is set here too, for linkers that do not default to
// it). So every command line run skips loading libGL and what it pulls
// in (its GLX and dispatch libraries, X11 and xcb: nine libraries and
// 15,000 relocations, a sixth of the desktop build's start,
// docs/PERFORMANCE.md), and the command line runs on machines with no
// libGL. libGL's own calls to glXGetProcAddress, if it makes any, reach
// this one too (the executable's symbols come first); it hands them on to
// libGL's, found by dlsym in libGL itself, so they get what they got
// before.
func loadGL() error {
	if err := C.glx_open(); err != nil {
		return errors.New(C.GoString(err))
	}
	return nil
}

// glProc returns what glXGetProcAddress gives for name (nil when libGL
// cannot be loaded or has no such function).
func glProc(name string) unsafe.Pointer {
	c := C.CString(name)
	defer C.free(unsafe.Pointer(c))
	return unsafe.Pointer(C.glXGetProcAddress((*C.uchar)(unsafe.Pointer(c))))
}

// glLoaded reports whether libGL is in the process.
func glLoaded() bool { return C.glx_loaded() == 1 }
