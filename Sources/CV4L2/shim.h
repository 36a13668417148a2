// Re-exports libv4l2 and the V4L2 ioctl request codes, which are macros Swift cannot import.
// Everything here is prefixed `cv4l2_` / `CV4L2_` so its origin stays visible.
#ifndef DUALCAM_CV4L2_SHIM_H
#define DUALCAM_CV4L2_SHIM_H

#include <fcntl.h>
#include <libv4l2.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

/// v4l2_ioctl is variadic in libv4l2; every request DualCam makes passes one pointer argument.
static inline int cv4l2_ioctl(int fd, unsigned long request, void *argument) {
  return v4l2_ioctl(fd, request, argument);
}
/// v4l2_open is variadic (the mode argument); DualCam never creates device nodes.
static inline int cv4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }

static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_TRY_FMT = VIDIOC_TRY_FMT;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long CV4L2_VIDIOC_QUERY_EXT_CTRL = VIDIOC_QUERY_EXT_CTRL;
static const unsigned long CV4L2_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
static const unsigned long CV4L2_VIDIOC_G_EXT_CTRLS = VIDIOC_G_EXT_CTRLS;
static const unsigned long CV4L2_VIDIOC_S_EXT_CTRLS = VIDIOC_S_EXT_CTRLS;
static const unsigned long CV4L2_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long CV4L2_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

/// The "next control" flags OR-ed into a control id while enumerating.
static const unsigned int CV4L2_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL;
static const unsigned int CV4L2_CTRL_FLAG_NEXT_COMPOUND = V4L2_CTRL_FLAG_NEXT_COMPOUND;

// V4L2Camera: fourcc codes (built with the function-like v4l2_fourcc macro), enum values and flag
// bits, re-exported with one C type so Swift sees plain UInt32 values.
static const unsigned int CV4L2_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV;
static const unsigned int CV4L2_PIX_FMT_NV12 = V4L2_PIX_FMT_NV12;
static const unsigned int CV4L2_PIX_FMT_MJPEG = V4L2_PIX_FMT_MJPEG;
static const unsigned int CV4L2_PIX_FMT_JPEG = V4L2_PIX_FMT_JPEG;
static const unsigned int CV4L2_BUF_TYPE_VIDEO_CAPTURE = V4L2_BUF_TYPE_VIDEO_CAPTURE;
static const unsigned int CV4L2_MEMORY_MMAP = V4L2_MEMORY_MMAP;
static const unsigned int CV4L2_FIELD_ANY = V4L2_FIELD_ANY;
static const unsigned int CV4L2_FRMSIZE_TYPE_DISCRETE = V4L2_FRMSIZE_TYPE_DISCRETE;
static const unsigned int CV4L2_FRMIVAL_TYPE_DISCRETE = V4L2_FRMIVAL_TYPE_DISCRETE;
static const unsigned int CV4L2_CAP_VIDEO_CAPTURE = V4L2_CAP_VIDEO_CAPTURE;
static const unsigned int CV4L2_CAP_STREAMING = V4L2_CAP_STREAMING;
static const unsigned int CV4L2_CAP_DEVICE_CAPS = V4L2_CAP_DEVICE_CAPS;
static const unsigned int CV4L2_CAP_TIMEPERFRAME = V4L2_CAP_TIMEPERFRAME;
static const unsigned int CV4L2_BUF_FLAG_ERROR = V4L2_BUF_FLAG_ERROR;
static const unsigned int CV4L2_BUF_FLAG_TIMESTAMP_MASK = V4L2_BUF_FLAG_TIMESTAMP_MASK;
static const unsigned int CV4L2_BUF_FLAG_TIMESTAMP_MONOTONIC = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
static const short CV4L2_POLLIN = POLLIN;
static const short CV4L2_POLLERR = POLLERR;
static const short CV4L2_POLLHUP = POLLHUP;

#endif
