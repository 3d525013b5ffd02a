print("audio")
