import ImportCommand

await MemossImport.runProgram()
