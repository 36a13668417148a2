print("dualcam")
