print("bourse")
