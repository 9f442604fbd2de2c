// The one import of an app: the four layers, and Firebase's backend, under one name. A team that swaps pieces
// imports the layers it needs one by one instead (`SignInDomain`, `SignInPresentation`, `SignInInfrastructure`,
// `SignInData`, `SignInFirebase`).
@_exported import SignInData
@_exported import SignInDomain
@_exported import SignInFirebase
@_exported import SignInInfrastructure
@_exported import SignInPresentation
