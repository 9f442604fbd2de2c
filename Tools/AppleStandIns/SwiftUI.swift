// Stand-in for the part of Apple's SwiftUI that the example app (Examples/SignInApp) uses, with the
// `SignInWithAppleButton` of the AuthenticationServices–SwiftUI cross-import overlay, so that CI can type-check the
// example on Linux. Declarations follow Apple's documentation (`@ContentBuilder`, which newer SDKs use, is a type
// alias of `ViewBuilder`), plus the `@_inheritActorContext` the SDK gives `task`'s action, which the documentation
// leaves out; views that SwiftUI draws itself have `Body == Never`, and modifiers return the view they modify. There
// is no behaviour. Never part of a product or a test: see Tools/AppleStandIns/README.md.
import AuthenticationServices
import Foundation
import Observation

// MARK: - Views and the view builder

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension View where Body == Never {
    public var body: Never { fatalError("stand-in") }
}

extension Never: View, Scene {
    public typealias Body = Never
    public var body: Never { return fatalError("stand-in") }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent() }
}

@MainActor @preconcurrency
public struct EmptyView: View {
    public typealias Body = Never
    nonisolated public init() {}
}

@MainActor @preconcurrency
public struct TupleView<T>: View {
    public typealias Body = Never
    nonisolated public init(_ value: T) {}
}

@MainActor @preconcurrency
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    nonisolated init() {}
}

@MainActor @preconcurrency
public protocol ViewModifier {}

public struct AccessibilityAttachmentModifier: ViewModifier {}

@MainActor @preconcurrency
public struct ModifiedContent<Content, Modifier> {
    nonisolated init() {}
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
}

// MARK: - Apps and scenes

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    @MainActor @preconcurrency public static func main() { fatalError("stand-in") }
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Scene where Body == Never {
    public var body: Never { fatalError("stand-in") }
}

@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

@MainActor @preconcurrency
public struct WindowGroup<Content: View>: Scene {
    public typealias Body = Never
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

// MARK: - State and the environment

@frozen @propertyWrapper
public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError("stand-in") }
}

@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("stand-in")
    }
}

@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        set {}
    }
    public var projectedValue: Bindable<Value> { self }
    @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
    public init(wrappedValue: Value) {}
}

extension Bindable where Value: AnyObject {
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("stand-in")
    }
}

extension Bindable where Value: AnyObject, Value: Observable {
    public init(wrappedValue: Value) {}
}

@frozen @propertyWrapper
public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError("stand-in") }
}

public struct EnvironmentValues {
    public init() {}
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
}

// MARK: - Controls, text and layout

@MainActor @preconcurrency
public struct Text: View {
    public typealias Body = Never
    nonisolated public init<S: StringProtocol>(_ content: S) {}
}

public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}

@MainActor @preconcurrency
public struct Button<Label: View>: View {
    public typealias Body = Never
    @preconcurrency nonisolated public init(
        action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) {}
}

extension Button where Label == Text {
    @preconcurrency nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
    @preconcurrency nonisolated public init<S: StringProtocol>(
        _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {}
}

@MainActor @preconcurrency
public struct TextField<Label: View>: View {
    public typealias Body = Never
}

extension TextField where Label == Text {
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

@MainActor @preconcurrency
public struct SecureField<Label: View>: View {
    public typealias Body = Never
}

extension SecureField where Label == Text {
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

@MainActor @preconcurrency
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public typealias Body = Never
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    nonisolated public init() {}
}

public struct HorizontalAlignment: Equatable, Sendable {
    public static let center = HorizontalAlignment()
}

public struct Alignment: Equatable, Sendable {
    public static let center = Alignment()
}

@MainActor @preconcurrency
public struct VStack<Content: View>: View {
    public typealias Body = Never
    nonisolated public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {}
}

@MainActor @preconcurrency
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View where Content: View {
    public typealias Body = Never
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

public struct Color: View, Hashable, Sendable {
    public typealias Body = Never
    public static let clear = Color()
}

public protocol Shape: Sendable, View {}

public struct Rectangle: Shape {
    public typealias Body = Never
    nonisolated public init() {}
}

public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
    }
}

public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

public struct TextInputAutocapitalization: Sendable {
    public static let never = TextInputAutocapitalization()
}

public protocol TextFieldStyle {}

public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public init() {}
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

// MARK: - Modifiers

extension View {
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View
    { self }
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View
    { self }
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { self }
    nonisolated public func disabled(_ disabled: Bool) -> some View { self }
    nonisolated public func accessibilityHidden(_ hidden: Bool)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    { ModifiedContent() }
    nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    { ModifiedContent() }
    nonisolated public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { self }
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?)
        -> some View
    { self }
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    nonisolated public func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> some View { self }
    nonisolated public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View { self }
    nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { self }
}

// MARK: - AuthenticationServices–SwiftUI overlay

@MainActor @preconcurrency
public struct SignInWithAppleButton: View {
    public typealias Body = Never

    public struct Label: Sendable {
        public static let signIn = Label()
    }

    nonisolated public init(
        _ label: SignInWithAppleButton.Label = .signIn,
        onRequest: @escaping (ASAuthorizationAppleIDRequest) -> Void,
        onCompletion: @escaping (Result<ASAuthorization, any Error>) -> Void
    ) {}
}
