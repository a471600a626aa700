print("wavefill")
